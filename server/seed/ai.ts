import type { Investigations } from './alerts.js';
import type { OrgContext, SeedContext } from './context.js';
import type { SarDraft } from './filings.js';
import type { ExportDraft } from './operations.js';
import { Rng } from './rng.js';
import { DAY, HOUR, iso, MINUTE, roundSecond, SEED_NOW } from './time.js';
import type { Row } from './writer.js';

/** AI agent outputs on alerts, cases, SARs and rules, the LLM calls behind them, and AI chat sessions. */

const QUESTIONS: Record<string, [string, string][]> = {
  ALERT: [
    ['Is the activity consistent with the customer profile?', 'No. Deposits are far above the declared income and cluster just below the threshold.'],
    ['Are there linked customers?', 'Two counterparties appear in other open alerts.'],
    ['Recommended disposition', 'Escalate to a case.'],
  ],
  CASE: [
    ['Summarise the case', 'Funds arrive by wire and leave within hours through recently opened accounts.'],
    ['What evidence supports a SAR?', 'Timing of transfers, shared devices and inconsistent explanations.'],
  ],
  SAR: [
    ['Does the narrative cover who, what, when, where and why?', 'Yes, except the source of the initial funds.'],
    ['Missing fields', 'Subject occupation is empty.'],
  ],
  RULE: [
    ['How many alerts would this rule have raised last quarter?', 'About 4 alerts on 4 customers.'],
    ['Expected false-positive rate', 'Moderate: small card authorisations also come from subscription trials.'],
  ],
};

const MODELS = ['gpt-4.1', 'claude-sonnet-4', 'gpt-4.1-mini'] as const;
const PROMPTS = ['alert_triage', 'case_summary', 'sar_review', 'rule_review'] as const;

export async function seedAi(
  ctx: SeedContext,
  org: OrgContext,
  inv: Investigations,
  sars: SarDraft[],
  rules: { id: number }[],
  exports: ExportDraft[],
): Promise<void> {
  const rng = Rng.named(`${org.key}:ai`);
  const subjects: [string, number, number][] = [];
  const scale = org.key === 'demo' ? 1 : 0.3;
  inv.alerts
    .filter((a) => a.status !== 'RULE_VALIDATION')
    .slice(0, Math.ceil(12 * scale))
    .forEach((a) => subjects.push(['ALERT', a.id, a.created + HOUR]));
  inv.cases.slice(0, Math.ceil(5 * scale)).forEach((c) => subjects.push(['CASE', c.id, c.created + HOUR]));
  sars.slice(0, Math.ceil(4 * scale)).forEach((s) => subjects.push(['SAR', s.id, s.created + HOUR]));
  rules.slice(0, Math.ceil(2 * scale)).forEach((r) => subjects.push(['RULE', r.id, SEED_NOW - 30 * DAY]));

  const outputs: Row[] = [];
  const tracking: Row[] = [];
  subjects.forEach(([type, relationId, at], k) => {
    const id = ctx.ids.take('ai_agent_outputs');
    // the newest alert review is still running
    const reviewing = type === 'ALERT' && k === 0;
    const created = roundSecond(Math.min(SEED_NOW - 10 * MINUTE, at));
    const tasks = QUESTIONS[type].map(([question, answer], t) => ({ id: `${type.toLowerCase()}-task-${t + 1}`, question, answer }));
    outputs.push({
      id,
      org_id: org.id,
      relation_type: type,
      relation_id: relationId,
      is_reviewing: reviewing,
      signals: reviewing ? [] : [{ agent_id: `vigil-${type.toLowerCase()}-agent`, title: `${type[0]}${type.slice(1).toLowerCase()} review`, tasks }],
      created_at: iso(created),
      updated_at: iso(created + 3 * MINUTE),
    });
    const group = `grp_${rng.hex(12)}`;
    const calls = rng.int(2, 5);
    for (let c = 0; c < calls; c++) {
      const input = rng.int(800, 9000);
      const output = rng.int(100, 1500);
      const model = MODELS[(k + c) % MODELS.length];
      const status = reviewing && c === calls - 1 ? 'pending' : rng.chance(0.06) ? 'error' : 'success';
      const price = model === 'gpt-4.1-mini' ? [0.4, 1.6] : model === 'gpt-4.1' ? [2, 8] : [3, 15];
      const cost = status === 'pending' ? 0 : Math.round(((input * price[0] + output * price[1]) / 1_000_000) * 1e6) / 1e6;
      const callAt = created + c * 20_000;
      const prompt = PROMPTS[['ALERT', 'CASE', 'SAR', 'RULE'].indexOf(type)];
      tracking.push({
        id: ctx.ids.take('ai_tracking'),
        org_id: org.id,
        ai_investigations_result_id: id,
        created_at: iso(callAt),
        updated_at: iso(callAt + 8000),
        group_id: group,
        framework: c === 0 ? 'langgraph' : 'vigil-agents',
        model_name: model,
        query_type: c === 0 ? 'plan' : 'tool_call',
        tool_name: c === 0 ? null : rng.pick(['get_transactions', 'get_entity_profile', 'search_alerts', 'get_device_history']),
        prompt_version: `v${rng.int(3, 5)}`,
        prompt_name: prompt,
        prompt_template: `You are a compliance analyst assistant. Review the ${type.toLowerCase()} {{relation_id}} and answer: {{questions}}`,
        raw_prompt: `You are a compliance analyst assistant. Review the ${type.toLowerCase()} ${relationId} and answer the review questions.`,
        raw_response: status === 'success' ? JSON.stringify({ tasks: tasks.map((t) => ({ id: t.id, answer: t.answer })) }) : null,
        processed_response: status === 'success' ? { tasks: tasks.map((t) => ({ id: t.id, answer: t.answer })) } : null,
        tokens_used: status === 'pending' ? 0 : input + output,
        input_tokens: status === 'pending' ? 0 : input,
        output_tokens: status === 'pending' ? 0 : output,
        cost,
        latency_ms: status === 'pending' ? 0 : rng.int(600, 14000),
        status,
        error_message: status === 'error' ? 'Rate limited by the model provider (429); retried.' : null,
        quality_score: status === 'success' && rng.chance(0.5) ? Math.round(rng.float(3, 5) * 10) / 10 : null,
        feedback: status === 'success' && rng.chance(0.2) ? 'Helpful summary.' : null,
        meta: { relation_type: type, relation_id: relationId, attempt: 1 },
        tags: c === 0 ? ['planner'] : ['tool'],
      });
    }
  });
  await ctx.w.insert('ai_agent_outputs', outputs);
  await ctx.w.insert('ai_tracking', tracking);

  // Chat sessions (AI chat is switched on in Demo Bank only); one is waiting for its answer.
  if (org.key !== 'demo') return;
  const ready = exports.filter((x) => x.status === 'READY_FOR_DOWNLOAD');
  const owners = org.agents.filter((a) => a.demoLogin && a.email !== 'restricted@demo.test');
  const sessions: Row[] = [];
  const messages: Row[] = [];
  const conversations: [string, string][][] = [
    [
      ['How many alerts were opened last week?', 'There were 14 alerts opened last week, 9 of them by the structuring rule.'],
      ['Which queue has the oldest open alert?', 'High Risk: its oldest open alert is 27 days old.'],
    ],
    [['Show the monthly transaction volume as a chart', 'Here is the monthly volume for the last 12 months.']],
    [['Which customers made cash deposits just under 10,000?', '']],
  ];
  owners.forEach((owner, k) => {
    const conversation = conversations[k % conversations.length];
    const id = ctx.ids.take('chat_sessions');
    const waiting = conversation.at(-1)![1] === '';
    const created = roundSecond(SEED_NOW - (k + 1) * 26 * HOUR);
    let t = created;
    for (const [question, answer] of conversation) {
      t += 40_000;
      messages.push({
        id: ctx.ids.take('chat_messages'),
        org_id: org.id,
        session_id: id,
        role: 'user',
        message: question,
        image_link: null,
        created_at: iso(t),
      });
      if (answer) {
        t += 9000;
        const chart = question.includes('chart');
        messages.push({
          id: ctx.ids.take('chat_messages'),
          org_id: org.id,
          session_id: id,
          role: 'assistant',
          message: answer,
          image_link: chart ? `data:image/svg+xml;base64,${Buffer.from(CHART_SVG).toString('base64')}` : null,
          created_at: iso(t),
        });
      }
    }
    sessions.push({
      id,
      org_id: org.id,
      agent_id: owner.id,
      title: conversation[0][0],
      file_export_id: ready.length && k % 2 === 0 ? ready[k % ready.length].id : null,
      is_waiting: waiting,
      created_at: iso(created),
      updated_at: iso(t),
    });
  });
  await ctx.w.insert('chat_sessions', sessions);
  await ctx.w.insert('chat_messages', messages);
}

const CHART_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240" viewBox="0 0 480 240"><rect width="480" height="240" fill="#fff"/>' +
  [42, 48, 51, 55, 53, 60, 64, 66, 71, 75, 78, 83]
    .map((v, i) => `<rect x="${20 + i * 38}" y="${220 - v * 2.4}" width="26" height="${v * 2.4}" fill="#3b6fd8"/>`)
    .join('') +
  '<text x="20" y="20" font-family="sans-serif" font-size="14">Monthly transaction volume</text></svg>';
