// Pieces of the Data Setting panel: lists shown 10 at a time, the enum values editor and the read
// access picker.
import { useId, useState, type ReactNode } from "react";
import { useTeamsQuery } from "../../../api/queries/teams-query";
import { useAgentsQuery } from "../../../api/queries/agents-query";
import { useAgent } from "../../../app/auth/auth-context";
import { hasPermission } from "../../../lib/permissions";
import * as d from "../../../ui/dialog.styles";
import { button, textLink } from "../../../ui/recipes";
import { ENUM_CAP, ENUM_CAP_TEXT, LIST_PAGE } from "./data-setting.constants";
import { enumAddProblem } from "./data-setting.validation";
import * as s from "./data-settings.styles";

/** Recent values and enum lists show 10 at a time (spec part 2, section 9), then "Show more". */
export function ShowMoreList<T>({
  items,
  label,
  render,
  empty,
}: {
  items: readonly T[];
  label: string;
  render: (item: T, index: number) => ReactNode;
  empty: string;
}) {
  const [shown, setShown] = useState(LIST_PAGE);
  if (items.length === 0) return <p className={s.note}>{empty}</p>;
  return (
    <>
      <ul className={s.valueList} aria-label={label}>
        {items.slice(0, shown).map((item, i) => (
          <li key={i} className={s.valueItem}>
            {render(item, i)}
          </li>
        ))}
      </ul>
      {items.length > shown ? (
        <button
          type="button"
          className={textLink()}
          onClick={() => setShown((n) => n + LIST_PAGE)}
        >
          Show more ({items.length - shown} more)
        </button>
      ) : null}
    </>
  );
}

/** Potential values of an enum setting: case-sensitive, at most ENUM_CAP. */
export function EnumValuesField({
  values,
  onChange,
  disabled,
  error,
  inputId,
}: {
  values: string[];
  onChange(next: string[]): void;
  disabled: boolean;
  error?: string;
  inputId: string;
}) {
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const atCap = values.length >= ENUM_CAP;
  const add = () => {
    const why = enumAddProblem(values, typed);
    setProblem(why);
    if (why) return;
    onChange([...values, typed]);
    setTyped("");
  };
  const hintId = `${inputId}-hint`;
  return (
    <div className={d.field}>
      <label className={d.label} htmlFor={inputId}>
        Potential values
      </label>
      <div className={s.addRow}>
        <input
          id={inputId}
          className={d.input}
          value={typed}
          disabled={disabled || atCap}
          maxLength={255}
          aria-invalid={Boolean(problem || error)}
          aria-describedby={hintId}
          placeholder={atCap ? ENUM_CAP_TEXT : "Add a value"}
          onChange={(e) => {
            setTyped(e.target.value);
            setProblem(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <button
          type="button"
          className={button({ size: "sm" })}
          disabled={disabled || atCap}
          onClick={add}
        >
          {atCap ? ENUM_CAP_TEXT : typed ? `Add "${typed}"` : "Add"}
        </button>
      </div>
      <span id={hintId} className={problem || error ? d.fieldError : d.hint}>
        {problem ??
          error ??
          `Values are case-sensitive; at most ${ENUM_CAP}. ${values.length} so far.`}
      </span>
      <ShowMoreList
        items={values}
        label="Potential values"
        empty="No values yet."
        render={(value) => (
          <>
            <span>{value}</span>
            <button
              type="button"
              className={textLink()}
              disabled={disabled}
              aria-label={`Remove ${value}`}
              onClick={() => onChange(values.filter((v) => v !== value))}
            >
              Remove
            </button>
          </>
        )}
      />
    </div>
  );
}

/** Agents and teams granted read access to a censored setting (a team grant covers its members). */
export function ReadAccessField({
  agentIds,
  teamIds,
  onChange,
  disabled,
}: {
  agentIds: number[];
  teamIds: number[];
  onChange(next: { agentIds: number[]; teamIds: number[] }): void;
  disabled: boolean;
}) {
  const me = useAgent();
  const id = useId();
  const canList =
    hasPermission(me, "read_agents") || hasPermission(me, "read_assignments");
  const canListTeams = hasPermission(me, "read_teams");
  const agents = useAgentsQuery({ enabled: canList });
  const teams = useTeamsQuery({ enabled: canListTeams });
  const flip = (list: number[], item: number, on: boolean) =>
    on ? [...list, item] : list.filter((a) => a !== item);
  return (
    <fieldset className={s.fieldset} aria-describedby={`${id}-note`}>
      <legend className={s.legend}>Read access</legend>
      <p id={`${id}-note`} className={s.note}>
        Agents and teams who may read this field in clear.
      </p>
      {!canListTeams ? (
        <p className={s.note}>
          {teamIds.length === 1
            ? "1 team has access."
            : `${teamIds.length} teams have access.`}
        </p>
      ) : (
        <div
          className={s.scrollBox}
          role="group"
          aria-label="Teams with read access"
        >
          {(teams.data ?? []).map((t) => (
            <label key={t.id} className={s.checkRow}>
              <input
                type="checkbox"
                checked={teamIds.includes(t.id)}
                disabled={disabled}
                onChange={(e) =>
                  onChange({
                    agentIds,
                    teamIds: flip(teamIds, t.id, e.target.checked),
                  })
                }
              />
              {t.name}
            </label>
          ))}
          {teams.data && !teams.data.length ? (
            <p className={s.note}>No teams yet.</p>
          ) : null}
        </div>
      )}
      {!canList ? (
        <p className={s.note}>
          {agentIds.length === 1
            ? "1 agent has access."
            : `${agentIds.length} agents have access.`}
        </p>
      ) : (
        <div
          className={s.scrollBox}
          role="group"
          aria-label="Agents with read access"
        >
          {(agents.data ?? []).map((a) => (
            <label key={a.id} className={s.checkRow}>
              <input
                type="checkbox"
                checked={agentIds.includes(a.id)}
                disabled={disabled}
                onChange={(e) =>
                  onChange({
                    teamIds,
                    agentIds: flip(agentIds, a.id, e.target.checked),
                  })
                }
              />
              {a.full_name}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
