// The rules admin area (/rules-admin, internal staff): every organisation's rules with their
// health; its panel (RuleAdminPanel) is loaded by the right panel's registry.
import { RulesAdminPage } from './RulesAdminPage';

export default function Area() {
  return <RulesAdminPage />;
}
