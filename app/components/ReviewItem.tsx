// One pending submission on the review queue: what the visitor sent, the restaurant's
// current listing beside a report, and the decision form with the reviewer's edit fields
// prefilled. Everything stored is shown as inert text.
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  EDITABLE_FLAG_COLUMNS,
  EDITABLE_PRACTICE_COLUMNS,
  EDITABLE_TEXT_COLUMNS,
  type PendingSubmission,
  type RestaurantColumns,
} from "~/lib/submissions/store";
import { suggestionColumns } from "~/lib/submissions/decisions";
import { REPORT_REASON_LABELS } from "~/lib/submissions/forms";
import { fieldLabel, inputField } from "./ui/form";
import { focusRing, primaryButton, secondaryButton } from "./ui/styles";

const COLUMN_LABELS: Record<string, string> = {
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
  closed_at: "Closed",
};

function shown(value: unknown): string {
  if (value === true) return "yes";
  if (value === false) return "no";
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

function EditFields({ id, values }: { id: number; values: RestaurantColumns }) {
  const key = (column: string) => `s${id}-${column}`;
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold text-slate-900">The listing as it will be published</legend>
      {EDITABLE_TEXT_COLUMNS.map((column) => (
        <Labelled
          key={column}
          id={key(column)}
          column={column}
          className={column === "description" || column === "name" ? "sm:col-span-2" : undefined}
        >
          <input
            id={key(column)}
            name={column}
            type="text"
            defaultValue={values[column] ?? ""}
            required={column === "name"}
            maxLength={4000}
            className={inputField}
          />
        </Labelled>
      ))}
      {EDITABLE_FLAG_COLUMNS.map((column) => (
        <label key={column} htmlFor={key(column)} className="flex items-center gap-3">
          {/* Unchecked boxes send nothing: the hidden 0 says "no" explicitly. */}
          <input type="hidden" name={column} value="0" />
          <input
            id={key(column)}
            name={column}
            type="checkbox"
            value="1"
            defaultChecked={values[column] === true}
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
            defaultValue={values[column] === true ? "yes" : values[column] === false ? "no" : ""}
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

export function ReviewItem({ submission }: { submission: PendingSubmission }) {
  const report = submission.kind === "report";
  const reason = submission.reason;
  const title = report
    ? `Report: ${reason ? REPORT_REASON_LABELS[reason] : "unknown reason"}`
    : `Suggested restaurant: ${shown(submission.payload.name)}`;
  // Closing and confirming change one date only; every other decision publishes the fields.
  const editable = !report || (reason !== "closed" && reason !== "confirm");
  const prefilled: RestaurantColumns = report ? (submission.restaurant ?? {}) : suggestionColumns(submission.payload);
  const listing = submission.restaurant;

  return (
    <article
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby={`s${submission.id}-title`}
      data-testid="review-item"
    >
      <h2 id={`s${submission.id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="text-sm text-slate-700">
        Received {submission.createdAt}
        {report && listing ? (
          <>
            {" "}
            about{" "}
            <Link to={`/restaurant/${listing.id}`} className="font-semibold text-emerald-800 underline">
              {shown(listing.name)}
            </Link>
          </>
        ) : null}
      </p>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Facts title="What they sent" entries={Object.entries(submission.payload)} testId="review-payload" />
        {report && listing ? (
          <Facts
            title="The listing now"
            entries={Object.entries(listing).filter(([key]) => key !== "id")}
            testId="review-listing"
          />
        ) : null}
      </div>
      <Form method="post" action={`/review/${submission.id}`} className="mt-4 space-y-4">
        {editable ? <EditFields id={submission.id} values={prefilled} /> : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="decision" value="approve" className={primaryButton}>
            {report && reason === "closed"
              ? "Approve: mark closed"
              : report && reason === "confirm"
                ? "Approve: mark verified"
                : "Approve"}
          </button>
          <button type="submit" name="decision" value="reject" className={secondaryButton} formNoValidate>
            Reject
          </button>
        </div>
      </Form>
    </article>
  );
}
