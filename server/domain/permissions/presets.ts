/**
 * The permission presets of the permission editor (spec part 1 section 6), as contract
 * PermissionName values. The editor shows "Agent" or "Manager" when the selection equals one of
 * these sets exactly, "All" when every permission is selected, and "Custom" otherwise.
 */

export const AGENT_PRESET = [
  'create_cases',
  'create_sars',
  'edit_account_settings',
  'edit_alerts',
  'edit_cases',
  'edit_custom_data_settings',
  'edit_entities',
  'edit_events',
  'edit_queues',
  'edit_sars',
  'edit_sars_config',
  'edit_transaction_instruments',
  'read_agents',
  'read_alerts',
  'read_alert_component_buttons',
  'read_assignments',
  'read_cases',
  'read_custom_data_settings',
  'read_entities',
  'read_entity_media',
  'read_events',
  'read_network_analysis',
  'read_risk_ratings',
  'read_rules',
  'read_sars',
  'read_transaction_instruments',
  'submit_sars',
  'edit_permissions',
] as const;

/** Added to the Agent preset to make the Manager preset. */
const MANAGER_ADDITIONS = [
  'create_alerts',
  'create_api_keys',
  'create_matchlists',
  'create_censorship_conditions',
  'create_dashboards',
  'create_datafile_uploads',
  'create_deadlines_config',
  'create_risk_ratings',
  'create_rules',
  'create_teams',
  'create_webhooks',
  'delete_api_keys',
  'delete_matchlists',
  'delete_censorship_conditions',
  'delete_dashboards',
  'delete_datafile_uploads',
  'delete_teams',
  'delete_webhooks',
  'edit_agents',
  'edit_deadline_config',
  'edit_matchlists',
  'edit_censorship',
  'edit_dashboards',
  'edit_deadlines',
  'edit_notification_settings',
  'edit_risk_ratings',
  'edit_rules',
  'edit_storage',
  'edit_teams',
  'edit_webhooks',
  'read_api_keys',
  'read_matchlists',
  'read_censorship',
  'read_datafile_uploads',
  'read_deadline_config',
  'read_insights',
  'read_permissions',
  'read_teams',
  'read_webhooks',
] as const;

export const MANAGER_PRESET = [...AGENT_PRESET, ...MANAGER_ADDITIONS] as const;

export type PresetName = 'Agent' | 'Manager' | 'Custom' | 'All';
