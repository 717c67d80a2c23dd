// One pending submission on the review queue: what the visitor sent, the restaurant's current
// listing beside a report or a confirmation, and the decision form: the reviewer's edit fields
// prefilled (the description in a multi-line box), the listing's version the form was loaded
// with, 'I verified these facts' with how, and 'Reopen' on a closed listing. After a refused
// decision it shows each message beside its field and the values as typed. Everything stored
// is shown as inert text.
import { claimFlagText, unbackedClaims } from "~/lib/trust/claims";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  EDITABLE_FLAG_COLUMNS,
  EDITABLE_PRACTICE_COLUMNS,
  EDITABLE_TEXT_COLUMNS,
  MULTI_LINE_COLUMNS,
  type PendingSubmission,
  type RestaurantColumns,
} from "~/lib/directory/submission-store";
import { COLUMN_MAX_LENGTH, suggestionColumns, type FieldErrors } from "~/lib/submissions/decisions";
import { REPORT_REASON_LABELS } from "~/lib/submissions/fields";
import { VERIFICATION_METHODS, formatDay, type VerificationMethod } from "~/lib/trust/trust";
import { DecisionButtons } from "./DecisionButtons";
import { TextAreaField, TextField, fieldLabel, inputField } from "./ui/form";
import { focusRing, textLink } from "./ui/styles";

export const COLUMN_LABELS: Record<string, string> = {
  name: "Name",
  cuisine_type: "Cuisine",
  address: "Street address",
  city: "City",
  state: "State",
  zip_code: "ZIP code",
  phone_number: "Phone",
  email_address: "Email",
  website_url: "Website",
  menu_url: "Menu",
  hours_of_operation: "Hours (comma-separated)",
  description: "Description",
  country: "Country (ISO code)",
  is_gluten_free: "Gluten-free options",
  is_dairy_free: "Dairy-free options",
  is_vegetarian: "Vegetarian options",
  is_vegan: "Vegan options",
  gluten_free_only: "100% gluten-free",
  dairy_free_only: "100% dairy-free",
  vegetarian_only: "100% vegetarian",
  vegan_only: "100% vegan",
  gf_dedicated_fryer: "Dedicated fryer",
  gf_separate_prep: "Separate preparation area",
  gf_trained_staff: "Staff trained on cross-contact",
  verified_at: "Verified",
  verified_how: "Verified how",
  closed_at: "Closed",
  version: "Version",
};

/** How a reviewer verified the facts, as the form offers it. */
const VERIFICATION_CHOICES: Record<VerificationMethod, string> = {
  phone: "By phone: I called the restaurant",
  visit: "In person: I visited",
  owner: "The restaurant confirmed in writing",
  menu: "The restaurant's own published menu or allergen statement",
};

const MULTI_LINE = new Set<string>(MULTI_LINE_COLUMNS);

export function shown(value: unknown): string {
  if (value === true || value === "true") return "yes";
  if (value === false || value === "false") return "no";
  if (value === null || value === undefined || value === "") return "—";
  return String(value);
}

function Facts({ title, entries, testId }: { title: string; entries: [string, unknown][]; testId: string }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-slate-50 p-4" data-testid={testId}>
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <dl className="mt-2 grid grid-cols-[minmax(0,10rem)_1fr] gap-x-3 gap-y-1 text-sm">
        {entries.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-700">{COLUMN_LABELS[key] ?? key}</dt>
            <dd className="break-words whitespace-pre-line text-slate-900">{shown(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A column's label above its control (`id`). */
function Labelled({
  id,
  column,
  className,
  children,
}: {
  id: string;
  column: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabel}>
        {COLUMN_LABELS[column]}
      </label>
      {children}
    </div>
  );
}

type FormAnswer = { errors?: FieldErrors; values?: Record<string, string> };

function EditFields({ id, prefilled, errors = {}, values }: { id: number; prefilled: RestaurantColumns } & FormAnswer) {
  const key = (column: string) => `s${id}-${column}`;
  // A suggestion or a listing that names no country is in the US.
  const textValue = (column: (typeof EDITABLE_TEXT_COLUMNS)[number]) =>
    values?.[column] ?? prefilled[column] ?? (column === "country" ? "US" : "");
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold text-slate-900">The listing as it will be published</legend>
      {EDITABLE_TEXT_COLUMNS.map((column) => {
        const field = {
          id: key(column),
          name: column,
          label: COLUMN_LABELS[column]!,
          defaultValue: textValue(column),
          required: column === "name",
          maxLength: COLUMN_MAX_LENGTH[column],
          error: errors[column],
        };
        return (
          <div key={column} className={MULTI_LINE.has(column) || column === "name" ? "sm:col-span-2" : undefined}>
            {MULTI_LINE.has(column) ? <TextAreaField {...field} rows={6} /> : <TextField {...field} />}
          </div>
        );
      })}
      {EDITABLE_FLAG_COLUMNS.map((column) => (
        <label key={column} htmlFor={key(column)} className="flex items-center gap-3">
          {/* Unchecked boxes send nothing: the hidden 0 says "no" explicitly. */}
          <input type="hidden" name={column} value="0" />
          <input
            id={key(column)}
            name={column}
            type="checkbox"
            value="1"
            defaultChecked={values ? values[column] === "1" : prefilled[column] === true}
            className={`h-5 w-5 accent-emerald-700 ${focusRing}`}
          />
          <span>{COLUMN_LABELS[column]}</span>
        </label>
      ))}
      {EDITABLE_PRACTICE_COLUMNS.map((column) => (
        <Labelled key={column} id={key(column)} column={column}>
          <select
            id={key(column)}
            name={column}
            defaultValue={
              values?.[column] ?? (prefilled[column] === true ? "yes" : prefilled[column] === false ? "no" : "")
            }
            className={inputField}
          >
            <option value="yes">Yes</option>
            <option value="no">No</option>
            <option value="">Not known</option>
          </select>
        </Labelled>
      ))}
    </fieldset>
  );
}

/** 'I verified these facts' and how: the only way a decision changes verified_at. */
function Verification({ id, errors = {}, values }: { id: number } & FormAnswer) {
  const error = errors.verified_how;
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4" data-testid="review-verification">
      <legend className="px-1 font-semibold text-slate-900">Verification</legend>
      <p className="text-sm text-slate-700">
        Tick only if you checked these facts with the restaurant today; approving alone does not verify a listing.
      </p>
      <label htmlFor={`s${id}-verified`} className="mt-3 flex items-center gap-3">
        <input
          id={`s${id}-verified`}
          name="verified"
          type="checkbox"
          value="1"
          defaultChecked={values?.verified === "1"}
          className={`h-5 w-5 accent-emerald-700 ${focusRing}`}
        />
        <span>I verified these facts</span>
      </label>
      <div className="mt-3">
        <label htmlFor={`s${id}-verified_how`} className={fieldLabel}>
          How
        </label>
        <select
          id={`s${id}-verified_how`}
          name="verified_how"
          defaultValue={values?.verified_how ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `s${id}-verified_how-error` : undefined}
          className={inputField}
        >
          <option value="">Choose how</option>
          {VERIFICATION_METHODS.map((method) => (
            <option key={method} value={method}>
              {VERIFICATION_CHOICES[method]}
            </option>
          ))}
        </select>
        {error ? (
          <p
            id={`s${id}-verified_how-error`}
            className="mt-1 text-sm font-medium text-red-800"
            data-testid={`error-s${id}-verified_how`}
          >
            {error}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

export function ReviewItem({ submission, errors, values }: { submission: PendingSubmission } & FormAnswer) {
  const { kind, reason } = submission;
  const listing = submission.restaurant;
  const title =
    kind === "report"
      ? `Report: ${reason ? REPORT_REASON_LABELS[reason] : "unknown reason"}`
      : kind === "confirmation"
        ? "Confirmation from a diner"
        : `Suggested restaurant: ${shown(submission.payload.name)}`;
  const closing = kind === "report" && reason === "closed";
  // Closing changes one date; a confirmation never changes the listing; every other decision
  // publishes the fields.
  const editable = kind === "restaurant" || (kind === "report" && !closing);
  const prefilled: RestaurantColumns = kind === "restaurant" ? suggestionColumns(submission.payload) : (listing ?? {});
  const closedSince = listing?.closed_at ? (formatDay(listing.closed_at) ?? listing.closed_at) : null;
  const formError = errors?.decision ?? errors?.reopen;
  // A name or description claiming '100%' that the listing's flags do not say (issue 39).
  const claimed = unbackedClaims(`${prefilled.name ?? ""} ${prefilled.description ?? ""}`, {
    "gluten-free": prefilled.gluten_free_only === true,
    "dairy-free": prefilled.dairy_free_only === true,
    vegetarian: prefilled.vegetarian_only === true,
    vegan: prefilled.vegan_only === true,
  });

  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={`s${submission.id}-title`}
      data-testid="review-item"
    >
      <h2 id={`s${submission.id}-title`} className="text-lg font-semibold text-slate-900">
        {submission.urgent ? (
          <span className="mr-2 rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">Safety first</span>
        ) : null}
        {title}
      </h2>
      <p className="text-sm text-slate-700">
        Received {submission.createdAt}
        {listing ? (
          <>
            {" "}
            about{" "}
            <Link to={`/restaurant/${listing.id}`} className={textLink}>
              {shown(listing.name)}
            </Link>{" "}
            ·{" "}
            <Link to={`/review/restaurant/${listing.id}`} className={textLink}>
              History of this listing
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Facts title="What they sent" entries={Object.entries(submission.payload)} testId="review-payload" />
        {listing ? (
          <Facts
            title="The listing now"
            entries={Object.entries(listing).filter(([key]) => key !== "id")}
            testId="review-listing"
          />
        ) : null}
      </div>
      {claimed.length > 0 ? (
        <p
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="review-claims"
        >
          {claimFlagText(claimed)}
        </p>
      ) : null}
      {closedSince && kind !== "confirmation" ? (
        <p
          className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="review-closed"
        >
          This restaurant is marked closed (since {closedSince}). Reject the report, or approve it with
          &lsquo;Reopen&rsquo;.
        </p>
      ) : null}
      <Form method="post" action={`/review/${submission.id}`} className="mt-4 space-y-4">
        {listing ? <input type="hidden" name="version" value={listing.version} /> : null}
        {editable ? <EditFields id={submission.id} prefilled={prefilled} errors={errors} values={values} /> : null}
        {kind !== "confirmation" ? <Verification id={submission.id} errors={errors} values={values} /> : null}
        {closedSince && editable ? (
          <label htmlFor={`s${submission.id}-reopen`} className="flex items-center gap-3">
            <input
              id={`s${submission.id}-reopen`}
              name="reopen"
              type="checkbox"
              value="1"
              defaultChecked={values?.reopen === "1"}
              className={`h-5 w-5 accent-emerald-700 ${focusRing}`}
            />
            <span>Reopen: the restaurant is in business again</span>
          </label>
        ) : null}
        {formError ? (
          <p role="alert" className="text-sm font-medium text-red-800" data-testid="review-form-error">
            {formError}
          </p>
        ) : null}
        <DecisionButtons approve={closing ? "Approve: mark closed" : "Approve"} />
      </Form>
    </article>
  );
}
