// The Data Setting panel's form: "Add Custom Data Setting" (setting null) or "Edit Data Setting".
// Every rule is in data-setting.validation.ts; this file lays the fields out and shows the locks.
import type { ReactNode } from "react";
import * as d from "../../../ui/dialog.styles";
import { button } from "../../../ui/recipes";
import {
  ADD_TITLE,
  CENSORSHIP_LABELS,
  CLASSIFIER_LABELS,
  CLASSIFIERS,
  DATA_TYPE_LABELS,
  DATA_TYPES,
  EDIT_TITLE,
  FLOW_LABELS,
  type Censorship,
  type DataSetting,
  type DataSettingType,
  type FlowDirection,
} from "./data-setting.constants";
import {
  isReferenceType,
  keyPathParts,
  needsDirectionality,
} from "./data-setting.validation";
import {
  EnumValuesField,
  ReadAccessField,
  ShowMoreList,
} from "./DataSettingParts";
import { FIELD_IDS, useDataSettingForm } from "./use-data-setting-form";
import * as s from "./data-settings.styles";

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={d.field}>
      <label className={d.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <span id={`${id}-error`} className={d.fieldError}>
          {error}
        </span>
      ) : hint ? (
        <span id={`${id}-hint`} className={d.hint}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

const describedBy = (id: string, error?: string) =>
  error ? `${id}-error` : `${id}-hint`;

export function DataSettingForm({
  setting,
  onCreated,
  onCancel,
}: {
  setting: DataSetting | null;
  onCreated(saved: DataSetting): void;
  onCancel(): void;
}) {
  const m = useDataSettingForm(setting, onCreated);
  const { form, set, locks, errors } = m;
  const isNative = m.keyType === "NATIVE";
  const implementationHint = "Set by the implementation team.";

  return (
    <form
      className={s.panelBody}
      aria-labelledby="ds-heading"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        m.save();
      }}
    >
      <h3 id="ds-heading" className={s.heading}>
        {m.mode === "add" ? ADD_TITLE : EDIT_TITLE}
      </h3>
      {locks.all ? (
        <p className={s.note} role="note">
          {setting && isReferenceType(setting.data_type) && m.canEdit
            ? "Reference data settings can be changed only by the implementation team."
            : "You can view this data setting; editing it needs permission to edit custom data settings."}
        </p>
      ) : null}
      <fieldset className={s.fieldset} disabled={locks.all}>
        <Field
          id={FIELD_IDS.keyPath}
          label="Key path"
          error={errors.keyPath}
          hint={
            m.mode === "edit"
              ? "The key path cannot change after creation."
              : "Dot notation, such as entity.address.city."
          }
        >
          <input
            id={FIELD_IDS.keyPath}
            className={d.input}
            value={form.keyPath}
            readOnly={locks.keyPath}
            aria-invalid={Boolean(errors.keyPath)}
            aria-describedby={describedBy(FIELD_IDS.keyPath, errors.keyPath)}
            onChange={(e) => set("keyPath", e.target.value)}
          />
        </Field>
        {m.mode === "add" && form.keyPath ? (
          <ol className={s.parts} aria-label="Key path parts">
            {keyPathParts(form.keyPath).map((p, i) => (
              <li key={i} className={s.part}>
                {p || " "}
              </li>
            ))}
          </ol>
        ) : null}
        {m.warnings.map((w) => (
          <p key={w} className={s.warning} role="status">
            {w}
          </p>
        ))}
        <Field id={FIELD_IDS.label} label="Label" error={errors.label}>
          <input
            id={FIELD_IDS.label}
            className={d.input}
            value={form.label}
            maxLength={255}
            aria-invalid={Boolean(errors.label)}
            aria-describedby={describedBy(FIELD_IDS.label, errors.label)}
            onChange={(e) => set("label", e.target.value)}
          />
        </Field>
        <Field id="ds-description" label="Description">
          <textarea
            id="ds-description"
            className={d.textarea}
            value={form.description}
            maxLength={4000}
            onChange={(e) => set("description", e.target.value)}
          />
        </Field>
        <Field id="ds-classifier" label="Classifier">
          <select
            id="ds-classifier"
            className={d.select}
            value={form.classifier}
            onChange={(e) =>
              set("classifier", e.target.value as DataSetting["classifier"])
            }
          >
            {CLASSIFIERS.map((c) => (
              <option key={c} value={c}>
                {CLASSIFIER_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id="ds-type"
          label="Data type"
          hint={
            isNative ? "Native data settings keep their data type." : undefined
          }
        >
          <select
            id="ds-type"
            className={d.select}
            value={form.dataType}
            disabled={locks.dataType}
            aria-describedby="ds-type-hint"
            onChange={(e) => set("dataType", e.target.value as DataSettingType)}
          >
            {DATA_TYPES.map((t) => (
              <option key={t} value={t}>
                {DATA_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <TypeOptions m={m} />
        {needsDirectionality(m.keyType, form.classifier, form.dataType) ||
        form.configuredFlow ? (
          <Field
            id={FIELD_IDS.configuredFlow}
            label="Directionality"
            error={errors.configuredFlow}
            hint={locks.configuredFlow ? implementationHint : undefined}
          >
            <select
              id={FIELD_IDS.configuredFlow}
              className={d.select}
              value={form.configuredFlow}
              disabled={locks.configuredFlow}
              aria-invalid={Boolean(errors.configuredFlow)}
              aria-describedby={describedBy(
                FIELD_IDS.configuredFlow,
                errors.configuredFlow,
              )}
              onChange={(e) =>
                set("configuredFlow", e.target.value as FlowDirection | "")
              }
            >
              <option value="">Choose…</option>
              {(Object.keys(FLOW_LABELS) as FlowDirection[]).map((f) => (
                <option key={f} value={f}>
                  {FLOW_LABELS[f]}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <Field
          id="ds-semantic"
          label="Semantic type"
          hint={locks.semanticType ? implementationHint : undefined}
        >
          <input
            id="ds-semantic"
            className={d.input}
            value={form.semanticType}
            maxLength={64}
            disabled={locks.semanticType}
            aria-describedby="ds-semantic-hint"
            onChange={(e) => set("semanticType", e.target.value)}
          />
        </Field>
        <label className={s.checkRow}>
          <input
            type="checkbox"
            checked={form.matchable}
            disabled={locks.matchable}
            onChange={(e) => set("matchable", e.target.checked)}
          />
          Matchable in network analysis
          {locks.matchable
            ? ` (${implementationHint.toLowerCase().replace(/\.$/, "")})`
            : ""}
        </label>
        <label className={s.checkRow}>
          <input
            type="checkbox"
            checked={form.exported}
            disabled={locks.exported}
            onChange={(e) => set("exported", e.target.checked)}
          />
          Exported
          {isNative
            ? " (native data settings keep their export behaviour)"
            : ""}
        </label>
        <Field
          id={FIELD_IDS.censorship}
          label="Censorship"
          error={errors.censorship}
          hint={
            form.classifier === "alert"
              ? "Alert data settings are always visible."
              : undefined
          }
        >
          <select
            id={FIELD_IDS.censorship}
            className={d.select}
            value={
              form.classifier === "alert" ? "always_visible" : form.censorship
            }
            disabled={form.classifier === "alert"}
            aria-invalid={Boolean(errors.censorship)}
            aria-describedby={describedBy(
              FIELD_IDS.censorship,
              errors.censorship,
            )}
            onChange={(e) => set("censorship", e.target.value as Censorship)}
          >
            {[...new Set([...m.censorships, form.censorship])].map((c) => (
              <option key={c} value={c} disabled={!m.censorships.includes(c)}>
                {CENSORSHIP_LABELS[c]}
              </option>
            ))}
          </select>
        </Field>
        {form.classifier !== "alert" && form.censorship !== "always_visible" ? (
          <ReadAccessField
            agentIds={form.agentIds}
            teamIds={form.teamIds}
            disabled={locks.all}
            onChange={(next) => {
              set("agentIds", next.agentIds);
              set("teamIds", next.teamIds);
            }}
          />
        ) : null}
      </fieldset>
      {setting ? <UsedBy setting={setting} /> : null}
      {m.serverError ? (
        <p role="alert" className={d.formError}>
          {m.serverError}
        </p>
      ) : null}
      <div className={d.actions}>
        <button
          type="button"
          className={button({ variant: "secondary", size: "sm" })}
          onClick={onCancel}
        >
          {locks.all ? "Close" : "Cancel"}
        </button>
        {locks.all ? null : (
          <button
            type="submit"
            className={button({ variant: "primary", size: "sm" })}
            disabled={m.saving}
          >
            {m.saving
              ? "Saving…"
              : m.mode === "add"
                ? "Add data setting"
                : "Save"}
          </button>
        )}
      </div>
    </form>
  );
}

/** The options of the chosen data type: precision, time zone, URL, enum values, reference fields. */
function TypeOptions({ m }: { m: ReturnType<typeof useDataSettingForm> }) {
  const { form, set, errors, locks } = m;
  switch (form.dataType) {
    case "number":
      return (
        <Field
          id="ds-precision"
          label="Precision"
          hint="Digits after the decimal point (0 to 10)."
        >
          <input
            id="ds-precision"
            className={d.input}
            type="number"
            min={0}
            max={10}
            value={form.precision}
            aria-describedby="ds-precision-hint"
            onChange={(e) => set("precision", e.target.value)}
          />
        </Field>
      );
    case "date-time":
      return (
        <Field
          id="ds-timezone"
          label="Time zone"
          hint="An IANA name such as America/New_York; empty shows the agent's own."
        >
          <input
            id="ds-timezone"
            className={d.input}
            value={form.timezone}
            maxLength={64}
            aria-describedby="ds-timezone-hint"
            onChange={(e) => set("timezone", e.target.value)}
          />
        </Field>
      );
    case "text":
      return (
        <>
          <label className={s.checkRow}>
            <input
              type="checkbox"
              checked={form.isUrl}
              onChange={(e) => set("isUrl", e.target.checked)}
            />
            Show as a link (is URL)
          </label>
          {form.isUrl ? (
            <>
              <Field
                id={FIELD_IDS.urlPrefix}
                label="URL prefix"
                error={errors.urlPrefix}
              >
                <input
                  id={FIELD_IDS.urlPrefix}
                  className={d.input}
                  value={form.urlPrefix}
                  placeholder="https://"
                  aria-invalid={Boolean(errors.urlPrefix)}
                  aria-describedby={describedBy(
                    FIELD_IDS.urlPrefix,
                    errors.urlPrefix,
                  )}
                  onChange={(e) => set("urlPrefix", e.target.value)}
                />
              </Field>
              <Field id="ds-url-postfix" label="URL postfix">
                <input
                  id="ds-url-postfix"
                  className={d.input}
                  value={form.urlPostfix}
                  onChange={(e) => set("urlPostfix", e.target.value)}
                />
              </Field>
            </>
          ) : null}
        </>
      );
    case "enum":
      return (
        <EnumValuesField
          inputId={FIELD_IDS.enumSet}
          values={form.enumSet}
          onChange={(v) => set("enumSet", v)}
          disabled={locks.all}
          error={errors.enumSet}
        />
      );
    case "entity_reference":
    case "instrument_reference":
      return (
        <Field
          id="ds-ref-fields"
          label="Reference display fields"
          hint="Comma-separated; empty ones are dropped."
        >
          <input
            id="ds-ref-fields"
            className={d.input}
            value={form.referenceDisplayFields.join(",")}
            aria-describedby="ds-ref-fields-hint"
            onChange={(e) =>
              set("referenceDisplayFields", e.target.value.split(","))
            }
          />
        </Field>
      );
    default:
      return null;
  }
}

function UsedBy({ setting }: { setting: DataSetting }) {
  return (
    <section className={s.fieldset} aria-labelledby="ds-recent">
      <h4 id="ds-recent" className={s.legend}>
        Recent values
      </h4>
      <ShowMoreList
        items={setting.recent_values}
        label="Recent values"
        empty="No values seen yet."
        render={(v) => <span>{v}</span>}
      />
      <h4 className={s.legend}>Rules using this data setting</h4>
      <ShowMoreList
        items={setting.rules}
        label="Rules using this data setting"
        empty="No rule uses it."
        render={(r) => <span>{r.title}</span>}
      />
    </section>
  );
}
