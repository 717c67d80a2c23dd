// The submissions contract, run on both backends (submissions-d1.test.ts on a real local D1,
// submissions-supabase.test.ts on PGlite through the PostgREST stand-in, the public key for
// the store and the secret key for the review): suggestions and reports are kept exactly as
// sent, once per minute, at most 5 per client a minute, never lost under concurrency; every
// decision writes what the rules say, once; the purge erases contacts after 90 days.
// Expected values are restated here from the rules, not taken from the code under test.
import { describe, expect, it } from "vitest";
import { planDecision, readReviewForm, utcDate } from "~/lib/submissions/decisions";
import { suggestion as queueSuggestion } from "~/lib/submissions/decisions.fixtures";
import { isUrgent } from "~/lib/submissions/queue";
import {
  QUEUE_PAGE_SIZE,
  type DecideOutcome,
  type Listing,
  type NewSubmission,
  type Payload,
  type ReviewStore,
  type StoredSubmission,
  type SubmissionKeys,
  type SubmissionStore,
} from "~/lib/directory/submission-store";
import { isHttpUrl } from "~/lib/submissions/text";
import { decisionForm } from "../support/review-form";

export type SubmissionsBackend = {
  submissions(): SubmissionStore;
  review(): ReviewStore;
  /** The row as stored: payload as an object, booleans as booleans. */
  submissionRow(id: number): Promise<Record<string, unknown> | null>;
  /** Every submission's id whose payload has this name (or details, or note), ascending. */
  idsWith(field: "name" | "details" | "note", value: string): Promise<number[]>;
  /** A restaurant's published confirmations, by id: seen as an array, ids as numbers. */
  confirmationsOf(restaurantId: number): Promise<Record<string, unknown>[]>;
  restaurant(id: number): Promise<Record<string, unknown> | null>;
  restaurantsNamed(name: string): Promise<Record<string, unknown>[]>;
  cuisineExists(name: string): Promise<boolean>;
  /** Adds a ZIP code's centre to the place data. */
  addZip(zip: string, lat: number, lng: number): Promise<void>;
  /** Where the search places a restaurant (geo_lat, geo_lng), kept by the database. */
  position(name: string): Promise<{ lat: number | null; lng: number | null }>;
  /** Moves a submission's created_at (and reviewed_at, when set) back by `seconds`. */
  age(id: number, seconds: number): Promise<void>;
  /** restaurants.version, kept by the database. */
  version(id: number): Promise<number>;
  /** Writes columns of a restaurant as any other client would (the dashboard, a bulk load). */
  write(id: number, columns: Record<string, string | number | boolean | null>): Promise<void>;
  /** Writes what the jobs and the triggers keep (open_slots, open_zone, open_pending, the position). */
  writeDerived(id: number): Promise<void>;
  /** Whether the table takes this website (a row written and put back, or refused). */
  acceptsWebsite(url: string): Promise<boolean>;
  /** Every pending submission's id and its `urgent` as the database computes it. */
  urgentFlags(): Promise<{ id: number; urgent: boolean }[]>;
};

let serial = 0;
/** Keys unique to one test (the hash shape does not matter to the store). */
const keys = (dedup: string, client: string): SubmissionKeys => ({
  dedupKey: `dedup-${dedup}`,
  clientKey: `client-${client}`,
});
const unique = (label: string) => `${label}-${process.pid}-${++serial}`;

/**
 * A suggestion named `name`: the review queue's (decisions.fixtures.ts), its place and diets,
 * with an address, contact details and notes of this suite's.
 */
function suggestionPayload(name: string, extra: Payload = {}): Payload {
  return {
    ...queueSuggestion.payload,
    name,
    address: "1 Example Street",
    phone: "(555) 010-0142",
    website: "https://example.test/",
    submitter_email: "diner@example.test",
    submitter_phone: "(555) 010-0143",
    notes: "Ask for the gluten-free menu.",
    gluten_free_only: false,
    ...extra,
  };
}

const suggestion = (payload: Payload): NewSubmission => ({ kind: "restaurant", payload });

async function onlyId(backend: SubmissionsBackend, name: string): Promise<number> {
  const ids = await backend.idsWith("name", name);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

const today = () => new Date().toISOString().slice(0, 10);

/** Rejects submission `id` as r@example.test, now: the listing is left as it is. */
const reject = (backend: SubmissionsBackend, id: number) =>
  backend.review().decide({
    id,
    status: "rejected",
    reviewer: "r@example.test",
    reviewedAt: new Date().toISOString(),
    write: { action: "none" },
  });

export function describeSubmissionsContract(label: string, backend: () => SubmissionsBackend) {
  describe(`${label}: storing`, () => {
    it("a suggestion is stored as sent: kind, payload, pending, no review yet", async () => {
      const b = backend();
      const name = unique("Stored Thai");
      const payload = suggestionPayload(name);
      expect(await b.submissions().add(suggestion(payload), keys(name, name))).toBe("stored");
      const row = await b.submissionRow(await onlyId(b, name));
      expect(row).toMatchObject({
        kind: "restaurant",
        restaurant_id: null,
        reason: null,
        payload,
        status: "pending",
        reviewed_at: null,
        reviewed_by: null,
      });
    });

    it("the same submission within a minute is stored once; after the minute, again", async () => {
      const b = backend();
      const name = unique("Twice");
      const payload = suggestionPayload(name);
      expect(await b.submissions().add(suggestion(payload), keys(name, "a"))).toBe("stored");
      // From another client too (a resubmitted form behind another address).
      expect(await b.submissions().add(suggestion(payload), keys(name, unique("b")))).toBe("duplicate");
      const [first] = await b.idsWith("name", name);
      expect(await b.idsWith("name", name)).toHaveLength(1);
      await b.age(first!, 61);
      expect(await b.submissions().add(suggestion(payload), keys(name, unique("c")))).toBe("stored");
      expect(await b.idsWith("name", name)).toHaveLength(2);
    });

    it("more than 5 stored from one client within 60 s: refused, nothing stored; other clients go on", async () => {
      const b = backend();
      const client = unique("busy");
      const prefix = unique("Limit");
      for (let i = 1; i <= 5; i += 1) {
        const name = `${prefix} ${i}`;
        expect(await b.submissions().add(suggestion(suggestionPayload(name)), keys(name, client))).toBe("stored");
      }
      const sixth = `${prefix} 6`;
      expect(await b.submissions().add(suggestion(suggestionPayload(sixth)), keys(sixth, client))).toBe("limited");
      expect(await b.idsWith("name", sixth)).toEqual([]);
      // A duplicate is not a new submission: still answered as one, even when limited.
      const first = `${prefix} 1`;
      expect(await b.submissions().add(suggestion(suggestionPayload(first)), keys(first, client))).toBe("duplicate");
      const other = `${prefix} other`;
      expect(await b.submissions().add(suggestion(suggestionPayload(other)), keys(other, unique("calm")))).toBe(
        "stored",
      );
      // A minute later the client may send again.
      for (let i = 1; i <= 5; i += 1) await b.age(await onlyId(b, `${prefix} ${i}`), 61);
      expect(await b.submissions().add(suggestion(suggestionPayload(sixth)), keys(sixth, client))).toBe("stored");
    });

    it("40 distinct suggestions at once: 40 rows, each equal to what was sent", async () => {
      const b = backend();
      const prefix = unique("Crowd");
      const payloads = Array.from({ length: 40 }, (_, i) =>
        suggestionPayload(`${prefix} ${i}`, { notes: `note ${i}`, vegan: i % 2 === 0 }),
      );
      const outcomes = await Promise.all(
        payloads.map((payload, i) =>
          b.submissions().add(suggestion(payload), keys(`${prefix}-${i}`, `${prefix}-client-${i}`)),
        ),
      );
      expect(outcomes).toEqual(payloads.map(() => "stored"));
      for (const payload of payloads) {
        const row = await b.submissionRow(await onlyId(b, String(payload.name)));
        expect(row?.payload).toEqual(payload);
      }
    });

    it("a report names its restaurant and reason; reportTarget says whether the restaurant is open", async () => {
      const b = backend();
      expect(await b.submissions().reportTarget(1)).toEqual({ id: 1, name: "Green Leaf Kitchen", closedAt: null });
      expect(await b.submissions().reportTarget(999_999)).toBeNull();
      const details = unique("Opens at noon on Sundays now.");
      const payload = { reason: "hours", details, submitter_email: "" };
      expect(
        await b
          .submissions()
          .add({ kind: "report", restaurantId: 1, reason: "hours", payload }, keys(details, details)),
      ).toBe("stored");
      const [id] = await b.idsWith("details", details);
      expect(await b.submissionRow(id!)).toMatchObject({
        kind: "report",
        restaurant_id: 1,
        reason: "hours",
        payload,
        status: "pending",
      });
    });
  });

  describe(`${label}: review`, () => {
    async function submit(b: SubmissionsBackend, submission: NewSubmission, tag: string): Promise<StoredSubmission> {
      expect(await b.submissions().add(submission, keys(tag, tag))).toBe("stored");
      const field = submission.kind === "report" ? "details" : "name";
      const [id] = await b.idsWith(field, String(submission.payload[field]));
      const stored = await b.review().getSubmission(id!);
      expect(stored?.status).toBe("pending");
      return stored!;
    }
    const report = (
      b: SubmissionsBackend,
      restaurantId: number,
      reason: "closed" | "confirm" | "hours" | "diet" | "contact" | "other",
    ) => {
      const details = unique(`${reason} report`);
      return submit(
        b,
        { kind: "report", restaurantId, reason, payload: { reason, details, submitter_email: "" } },
        details,
      );
    };
    const reviewedAt = () => new Date().toISOString();
    const decide = (b: SubmissionsBackend, id: number, write: Parameters<ReviewStore["decide"]>[0]["write"]) =>
      b.review().decide({ id, status: "approved", reviewer: "r@example.test", reviewedAt: reviewedAt(), write });

    /**
     * A decision as the queue takes it (app/routes/review.$submissionId.tsx): the form as the page
     * was loaded (every column of `loaded`, its version) with the reviewer's changes, read,
     * planned against the listing as it is now, then written. A plan that stops is its status.
     */
    async function decideAsTheQueue(
      b: SubmissionsBackend,
      submission: StoredSubmission,
      loaded: Listing | null,
      fields: Record<string, string>,
    ): Promise<DecideOutcome | { status: 400 | 409; reason?: string }> {
      const form = decisionForm(loaded, fields);
      const read = readReviewForm(form);
      if (!read.ok) return { status: 400 };
      const listing = submission.restaurantId === null ? null : await b.review().getListing(submission.restaurantId);
      const plan = planDecision(submission, read.form, listing, utcDate(new Date()));
      if (!plan.ok) return { status: plan.status, reason: plan.status === 409 ? plan.reason : undefined };
      return b.review().decide({
        id: submission.id,
        status: read.form.decision === "approve" ? "approved" : "rejected",
        reviewer: "r@example.test",
        reviewedAt: reviewedAt(),
        write: plan.write,
      });
    }

    it("the queue: safety first (diet and closed reports), then oldest first; a report beside its listing", async () => {
      const b = backend();
      const older = await submit(b, suggestion(suggestionPayload(unique("Older"))), unique("o"));
      await b.age(older.id, 3 * 365 * 86_400);
      const hours = await report(b, 2, "hours");
      await b.age(hours.id, 2 * 365 * 86_400);
      const closed = await report(b, 2, "closed");
      await b.age(closed.id, 365 * 86_400);
      const diet = await report(b, 2, "diet");
      // Older than everything else the suite stored, so all four are on the first page.
      const pending = await b.review().listPending({ kind: null, offset: 0, limit: QUEUE_PAGE_SIZE });
      expect(pending.length).toBeLessThanOrEqual(QUEUE_PAGE_SIZE);
      const urgent = pending.filter((p) => p.urgent);
      const rest = pending.filter((p) => !p.urgent);
      expect(pending).toEqual([...urgent, ...rest]);
      expect(urgent.map((p) => p.id)).toEqual(expect.arrayContaining([closed.id, diet.id]));
      expect(urgent.every((p) => p.kind === "report" && (p.reason === "diet" || p.reason === "closed"))).toBe(true);
      for (const group of [urgent, rest]) {
        const created = group.map((p) => Date.parse(p.createdAt));
        expect(created).toEqual([...created].sort((x, y) => x - y));
      }
      expect(urgent.findIndex((p) => p.id === closed.id)).toBeLessThan(urgent.findIndex((p) => p.id === diet.id));
      expect(rest[0]?.id).toBe(older.id);
      expect(rest[1]?.id).toBe(hours.id);
      const listed = pending.find((p) => p.id === hours.id);
      expect(listed?.restaurant).toMatchObject({ id: 2, name: "Café Ünïcode", city: "Portland", is_vegetarian: true });
      expect(listed?.restaurant?.version).toEqual(await b.version(2));
      expect(pending.find((p) => p.id === older.id)?.restaurant).toBeNull();
      expect(pending.every((p) => p.status === "pending")).toBe(true);
    });

    it("the queue in pages of at most 50, filtered by kind; the counts by kind and reason", async () => {
      const b = backend();
      const prefix = unique("Paged");
      for (let i = 0; i < 3; i += 1) await submit(b, suggestion(suggestionPayload(`${prefix} ${i}`)), `${prefix}-${i}`);
      await report(b, 9, "other");
      const counts = await b.review().countPending();
      const total = counts.reduce((sum, c) => sum + c.pending, 0);
      expect(counts.every((c) => c.pending > 0)).toBe(true);
      expect(counts.find((c) => c.kind === "restaurant")?.reason).toBeNull();
      expect(counts.filter((c) => c.kind === "report").map((c) => c.reason)).toContain("other");

      const all = [];
      for (let offset = 0; offset < total + QUEUE_PAGE_SIZE; offset += 7) {
        const page = await b.review().listPending({ kind: null, offset, limit: 7 });
        expect(page.length).toBeLessThanOrEqual(7);
        all.push(...page);
        if (page.length < 7) break;
      }
      expect(all).toHaveLength(total);
      expect(new Set(all.map((p) => p.id)).size).toBe(total);
      // Never more than a page, whatever is asked.
      expect((await b.review().listPending({ kind: null, offset: 0, limit: 10_000 })).length).toBeLessThanOrEqual(
        QUEUE_PAGE_SIZE,
      );
      const reports = await b.review().listPending({ kind: "report", offset: 0, limit: QUEUE_PAGE_SIZE });
      expect(reports.length).toBeGreaterThan(0);
      expect(reports.every((p) => p.kind === "report")).toBe(true);
      const suggestions = await b.review().listPending({ kind: "restaurant", offset: 0, limit: QUEUE_PAGE_SIZE });
      expect(suggestions.every((p) => p.kind === "restaurant" && p.restaurant === null)).toBe(true);
      expect(await b.review().listPending({ kind: "confirmation", offset: 0, limit: QUEUE_PAGE_SIZE })).toEqual([]);
      // The database's `urgent` is the rule the app states (isUrgent).
      for (const { id, urgent } of await b.urgentFlags()) {
        expect(isUrgent((await b.review().getSubmission(id))!), `submission ${id}`).toBe(urgent);
      }
    });

    it("approving a suggestion publishes it, with the reviewer's edits winning, every column recorded; a second decision is a conflict", async () => {
      const b = backend();
      const name = unique("Approved Noodles");
      const stored = await submit(b, suggestion(suggestionPayload(name, { cuisine: unique("Cuisine") })), name);
      const cuisine = String(stored.payload.cuisine);
      await b.addZip("59999", 44.25, -121.75);
      const columns = {
        name,
        cuisine_type: cuisine,
        city: "Portland",
        state: "OR",
        zip_code: "59999",
        website_url: "https://example.test/",
        hours_of_operation: "Mon-Fri 11am-9pm",
        description: "Upstairs.\n\nAsk for the gluten-free menu.",
        is_gluten_free: true,
        is_vegetarian: true,
        vegan_only: true,
        gf_dedicated_fryer: true,
        gf_separate_prep: false,
        gf_trained_staff: null,
      };
      const changes = Object.entries(columns)
        .filter(([, value]) => value !== null)
        .map(([column, value]) => ({
          column: column as keyof typeof columns,
          oldValue: null,
          newValue: String(value),
        }));
      expect(await decide(b, stored.id, { action: "insert", columns, changes })).toEqual({ outcome: "decided" });
      const [restaurant, ...more] = await b.restaurantsNamed(name);
      expect(more).toEqual([]);
      // Placed at its ZIP code's centre by the database, as any row without coordinates.
      expect(await b.position(name)).toEqual({ lat: 44.25, lng: -121.75 });
      expect(restaurant).toMatchObject({
        ...columns,
        // vegan_only implies is_vegan (the trust triggers).
        is_vegan: true,
        closed_at: null,
        // Not verified: nobody said they checked.
        verified_at: null,
        verified_how: null,
      });
      expect(await b.cuisineExists(cuisine)).toBe(true);
      const row = await b.submissionRow(stored.id);
      expect(row).toMatchObject({ status: "approved", reviewed_by: "r@example.test" });
      expect(row?.reviewed_at).not.toBeNull();
      // Recorded against the new restaurant.
      const history = await b.review().listChanges(Number(restaurant!.id), 0, 50);
      expect(history.map((h) => [h.column, h.oldValue, h.newValue]).sort()).toEqual(
        changes.map((c) => [c.column, null, c.newValue]).sort(),
      );
      expect(history.every((h) => h.submissionId === stored.id && h.changedBy === "r@example.test")).toBe(true);

      // Again (a double click, a second reviewer): nothing changes.
      const again = await b.review().decide({
        id: stored.id,
        status: "rejected",
        reviewer: "other@example.test",
        reviewedAt: reviewedAt(),
        write: { action: "insert", columns, changes },
      });
      expect(again).toEqual({ outcome: "conflict" });
      expect(await b.restaurantsNamed(name)).toHaveLength(1);
      expect(await b.submissionRow(stored.id)).toMatchObject({ status: "approved", reviewed_by: "r@example.test" });
    });

    it("a suggestion from Canada: kept with its country; approved, a restaurant in CA; the queue edits it by Canada's rules", async () => {
      const b = backend();
      const name = unique("Poutine Sans Gluten");
      const payload = suggestionPayload(name, { city: "Toronto", state: "ON", zip: "M5V 2T6", country: "CA" });
      const stored = await submit(b, suggestion(payload), name);
      expect(stored.payload).toMatchObject({ country: "CA", state: "ON", zip: "M5V 2T6" });
      expect(await b.submissionRow(stored.id)).toMatchObject({ payload: { country: "CA" } });

      // Approved as the queue takes it: the suggestion's columns, the country with them.
      expect(await decideAsTheQueue(b, stored, null, { decision: "approve" })).toEqual({ outcome: "decided" });
      const [restaurant] = await b.restaurantsNamed(name);
      expect(restaurant).toMatchObject({ country: "CA", city: "Toronto", state: "ON", zip_code: "M5V 2T6" });
      const id = Number(restaurant!.id);
      const history = await b.review().listChanges(id, 0, 50);
      expect(history.find((h) => h.column === "country")).toMatchObject({ oldValue: null, newValue: "CA" });

      // The queue reads the country with the listing, and checks a state and a postal code by it.
      const listing = await b.review().getListing(id);
      expect(listing).toMatchObject({ id, country: "CA", state: "ON" });
      const moved = await report(b, id, "contact");
      expect(await decideAsTheQueue(b, moved, listing, { decision: "approve", state: "Oregon" })).toEqual({
        status: 400,
      });
      expect(
        await decideAsTheQueue(b, moved, listing, {
          decision: "approve",
          city: "Montréal",
          state: "Quebec",
          zip_code: "h2y1c6",
        }),
      ).toEqual({ outcome: "decided" });
      expect((await b.restaurantsNamed(name))[0]).toMatchObject({
        country: "CA",
        city: "Montréal",
        state: "QC",
        zip_code: "H2Y 1C6",
      });

      // A change of the country is a change of the listing: its version moves.
      const version = await b.version(id);
      await b.write(id, { country: "GB", state: "ENG", zip_code: "SW1A 1AA" });
      expect(await b.version(id)).toBeGreaterThan(version);
    });

    it("an update writes its columns only at the version it was compared with; each change recorded, newest first", async () => {
      const b = backend();
      const before = await b.restaurant(7);
      const version = await b.version(7);
      const hours = await report(b, 7, "hours");
      const write = {
        action: "update" as const,
        restaurantId: 7,
        version,
        columns: { hours_of_operation: "Daily 8am-2pm", gf_trained_staff: true },
        changes: [
          {
            column: "hours_of_operation" as const,
            oldValue: String(before?.hours_of_operation),
            newValue: "Daily 8am-2pm",
          },
          { column: "gf_trained_staff" as const, oldValue: null, newValue: "true" },
        ],
      };
      expect(await decide(b, hours.id, write)).toEqual({ outcome: "decided" });
      expect(await b.restaurant(7)).toEqual({ ...before, hours_of_operation: "Daily 8am-2pm", gf_trained_staff: true });
      expect(await b.version(7)).toBeGreaterThan(version);
      const history = await b.review().listChanges(7, 0, 50);
      expect(history.slice(0, 2).map((h) => [h.column, h.oldValue, h.newValue])).toEqual([
        ["gf_trained_staff", null, "true"],
        ["hours_of_operation", before?.hours_of_operation, "Daily 8am-2pm"],
      ]);
      expect(history[0]).toMatchObject({ submissionId: hours.id, changedBy: "r@example.test" });

      // The same write from a form loaded before it: stale, nothing written, still pending.
      const second = await report(b, 7, "contact");
      const stale = await decide(b, second.id, {
        ...write,
        columns: { hours_of_operation: String(before?.hours_of_operation), phone_number: "(555) 010-0999" },
        changes: [{ column: "phone_number", oldValue: null, newValue: "(555) 010-0999" }],
      });
      expect(stale).toEqual({ outcome: "stale" });
      expect((await b.restaurant(7))?.hours_of_operation).toBe("Daily 8am-2pm");
      expect((await b.restaurant(7))?.phone_number).toBe(before?.phone_number);
      expect(await b.submissionRow(second.id)).toMatchObject({ status: "pending", reviewed_at: null });
      expect(await b.review().listChanges(7, 0, 50)).toHaveLength(history.length);
    });

    it("the version: bumped by any client's change of a listing column, never by the jobs' derived columns", async () => {
      const b = backend();
      const start = await b.version(10);
      await b.writeDerived(10);
      expect(await b.version(10)).toBe(start);
      // The same value again is no change.
      await b.write(10, { name: "Comma, Please" });
      expect(await b.version(10)).toBe(start);
      await b.write(10, { description: "Written from the dashboard." });
      expect(await b.version(10)).toBeGreaterThan(start);
      const next = await b.version(10);
      await b.write(10, { latitude: 40.75, longitude: -73.99 });
      expect(await b.version(10)).toBeGreaterThan(next);
      const listing = await b.review().getListing(10);
      expect(listing).toMatchObject({
        id: 10,
        version: await b.version(10),
        description: "Written from the dashboard.",
      });
      expect(await b.review().getListing(999_999)).toBeNull();
    });

    it("approve without 'I verified these facts' leaves verified_at and verified_how; with it, today and how", async () => {
      const b = backend();
      // Restaurant 13 was verified on 2024-01-31.
      const loaded = await b.review().getListing(13);
      expect(loaded?.verified_at).toBe("2024-01-31");
      const diet = await report(b, 13, "diet");
      // Pressing Approve without typing the correction: nothing written, nothing verified.
      expect(await decideAsTheQueue(b, diet, loaded, { decision: "approve" })).toEqual({ outcome: "decided" });
      expect(await b.restaurant(13)).toMatchObject({ verified_at: "2024-01-31", verified_how: null });
      expect(await b.version(13)).toBe(loaded?.version);
      expect(await b.submissionRow(diet.id)).toMatchObject({ status: "approved" });

      // With the correction typed: the correction, and still not verified.
      const fryer = await report(b, 13, "diet");
      const now = await b.review().getListing(13);
      expect(
        await decideAsTheQueue(b, fryer, now, { decision: "approve", gf_trained_staff: "yes", is_vegan: "0" }),
      ).toEqual({
        outcome: "decided",
      });
      expect(await b.restaurant(13)).toMatchObject({
        gf_trained_staff: true,
        is_vegan: false,
        verified_at: "2024-01-31",
        verified_how: null,
      });

      // Verified by phone, deliberately.
      const confirm = await report(b, 13, "confirm");
      const current = await b.review().getListing(13);
      expect(await decideAsTheQueue(b, confirm, current, { decision: "approve" })).toEqual({ outcome: "decided" });
      expect((await b.restaurant(13))?.verified_at).toBe("2024-01-31");
      const again = await report(b, 13, "confirm");
      expect(
        await decideAsTheQueue(b, again, current, { decision: "approve", verified: "1", verified_how: "phone" }),
      ).toEqual({ outcome: "decided" });
      expect(await b.restaurant(13)).toMatchObject({ verified_at: today(), verified_how: "phone" });
      const history = await b.review().listChanges(13, 0, 50);
      expect(
        history
          .slice(0, 2)
          .map((h) => [h.column, h.oldValue, h.newValue])
          .sort(),
      ).toEqual([
        ["verified_at", "2024-01-31", today()],
        ["verified_how", null, "phone"],
      ]);
    });

    it("two reports decided from pages loaded at the same time: the second is stale (409), the first's correction stays", async () => {
      const b = backend();
      const hours = await report(b, 11, "hours");
      const phone = await report(b, 11, "contact");
      // The queue page, loaded once: both items carry the listing at the same version.
      const page = await b.review().listPending({ kind: "report", offset: 0, limit: QUEUE_PAGE_SIZE });
      const loadedHours = page.find((p) => p.id === hours.id)?.restaurant ?? null;
      const loadedPhone = page.find((p) => p.id === phone.id)?.restaurant ?? null;
      expect(loadedHours?.version).toBe(loadedPhone?.version);

      expect(
        await decideAsTheQueue(b, hours, loadedHours, { decision: "approve", hours_of_operation: "Tue-Sun 5pm-10pm" }),
      ).toEqual({
        outcome: "decided",
      });
      expect(
        await decideAsTheQueue(b, phone, loadedPhone, { decision: "approve", phone_number: "(555) 010-0177" }),
      ).toEqual({
        status: 409,
        reason: "stale",
      });
      expect(await b.restaurant(11)).toMatchObject({
        hours_of_operation: "Tue-Sun 5pm-10pm",
        phone_number: "(555) 010-0111",
      });
      expect(await b.submissionRow(phone.id)).toMatchObject({ status: "pending" });
      // Decided again from the listing as it is now: both corrections stand.
      const fresh = await b.review().getListing(11);
      expect(await decideAsTheQueue(b, phone, fresh, { decision: "approve", phone_number: "(555) 010-0177" })).toEqual({
        outcome: "decided",
      });
      expect(await b.restaurant(11)).toMatchObject({
        hours_of_operation: "Tue-Sun 5pm-10pm",
        phone_number: "(555) 010-0177",
      });
    });

    it("closed is closed: a report on a closed listing is rejected, or approved with reopen", async () => {
      const b = backend();
      // Restaurant 23 closed on 2026-01-15 (its reports come from before).
      await b.write(23, { closed_at: null });
      const hours = await report(b, 23, "hours");
      const again = await report(b, 23, "hours");
      await b.write(23, { closed_at: "2026-01-15" });
      const loaded = await b.review().getListing(23);
      expect(
        await decideAsTheQueue(b, hours, loaded, { decision: "approve", verified: "1", verified_how: "visit" }),
      ).toEqual({
        status: 409,
        reason: "closed",
      });
      expect(await b.restaurant(23)).toMatchObject({ closed_at: "2026-01-15", verified_at: null });
      expect(await decideAsTheQueue(b, hours, loaded, { decision: "approve", reopen: "1" })).toEqual({
        outcome: "decided",
      });
      expect((await b.restaurant(23))?.closed_at).toBeNull();
      expect((await b.review().listChanges(23, 0, 1))[0]).toMatchObject({
        column: "closed_at",
        oldValue: "2026-01-15",
        newValue: null,
      });
      await b.write(23, { closed_at: "2026-01-15" });
      expect(await decideAsTheQueue(b, again, await b.review().getListing(23), { decision: "reject" })).toEqual({
        outcome: "decided",
      });
      expect((await b.restaurant(23))?.closed_at).toBe("2026-01-15");
    });

    it("approving a 'closed' report closes the listing today", async () => {
      const b = backend();
      const before5 = await b.restaurant(5);
      const closed = await report(b, 5, "closed");
      expect(await decideAsTheQueue(b, closed, await b.review().getListing(5), { decision: "approve" })).toEqual({
        outcome: "decided",
      });
      expect(await b.restaurant(5)).toEqual({ ...before5, closed_at: today() });
      expect((await b.submissions().reportTarget(5))?.closedAt).toBe(today());
    });

    it("the description keeps its paragraphs", async () => {
      const b = backend();
      const other = await report(b, 12, "other");
      const description = "Family run since 1990.\n\nThe fryer is shared: ask for the grilled dishes.";
      expect(
        await decideAsTheQueue(b, other, await b.review().getListing(12), {
          decision: "approve",
          description: description.replace(/\n/g, "\r\n"),
        }),
      ).toEqual({ outcome: "decided" });
      expect((await b.restaurant(12))?.description).toBe(description);
    });

    it("rejecting leaves the listing untouched and records the decision", async () => {
      const b = backend();
      const before = await b.restaurant(8);
      const stored = await report(b, 8, "other");
      expect(await reject(b, stored.id)).toEqual({ outcome: "decided" });
      expect(await b.restaurant(8)).toEqual(before);
      expect(await b.submissionRow(stored.id)).toMatchObject({ status: "rejected", reviewed_by: "r@example.test" });
    });

    it("a value the table refuses: 'refused' naming the column, nothing half-done, the submission still pending", async () => {
      const b = backend();
      const name = unique("Half Written");
      const stored = await submit(b, suggestion(suggestionPayload(name)), name);
      for (const website_url of ["javascript:alert(1)", "https:example.com"]) {
        const outcome = await decide(b, stored.id, {
          action: "insert",
          columns: { name, website_url },
          changes: [{ column: "name", oldValue: null, newValue: name }],
        });
        expect(outcome).toEqual({ outcome: "refused", column: "website_url" });
      }
      expect(await b.restaurantsNamed(name)).toEqual([]);
      expect(await b.submissionRow(stored.id)).toMatchObject({ status: "pending", reviewed_at: null });
      const version = await b.version(14);
      const hours = await report(b, 14, "contact");
      expect(
        await decide(b, hours.id, {
          action: "update",
          restaurantId: 14,
          version,
          columns: { menu_url: "http:/menu.example" },
          changes: [{ column: "menu_url", oldValue: null, newValue: "http:/menu.example" }],
        }),
      ).toEqual({ outcome: "refused", column: "menu_url" });
      expect(await b.version(14)).toBe(version);
      expect(await b.review().listChanges(14, 0, 50)).toEqual([]);
    });

    it("one URL rule: the table takes exactly what the forms and the queue take", async () => {
      const b = backend();
      for (const url of [
        "https://example.com",
        "http://example.com/menu?x=1#top",
        "HTTPS://Example.com",
        "https://café.example/",
        "https://[2001:db8::1]/",
        "https:example.com",
        "https:/example.com",
        "https:///example.com",
        "https://",
        "http://",
        "https://:80",
        "https://@example.com",
        "https://?x",
        "https:\\\\example.com",
        "javascript:alert(1)",
        "ftp://files.example",
        "//example.com",
        "https://exa mple.com",
        "https://exa\tmple.com",
        " https://example.com",
        "example.com",
      ]) {
        expect(await b.acceptsWebsite(url), JSON.stringify(url)).toBe(isHttpUrl(url));
      }
    });

    it("the purge erases email and phone 90 days after the decision, bounded per run; client keys after a day", async () => {
      const b = backend();
      const old = await submit(b, suggestion(suggestionPayload(unique("Old Decided"))), unique("old"));
      const recent = await submit(b, suggestion(suggestionPayload(unique("Recent Decided"))), unique("recent"));
      const waiting = await submit(b, suggestion(suggestionPayload(unique("Still Pending"))), unique("wait"));
      for (const { id } of [old, recent]) {
        await reject(b, id);
      }
      await b.age(old.id, 91 * 86_400);
      await b.age(recent.id, 89 * 86_400);
      await b.age(waiting.id, 200 * 86_400);
      const now = Date.now();
      const decidedBefore = new Date(now - 90 * 86_400_000).toISOString();
      const clientsBefore = new Date(now - 86_400_000).toISOString();
      // A limit of 0 touches nothing: the bound holds.
      expect(await b.review().purgeContacts(decidedBefore, clientsBefore, 0)).toBe(0);
      expect(await b.review().purgeContacts(decidedBefore, clientsBefore, 500)).toBeGreaterThanOrEqual(1);

      const { submitter_email: _email, submitter_phone: _phone, ...rest } = old.payload;
      expect((await b.submissionRow(old.id))?.payload).toEqual(rest);
      expect((await b.submissionRow(recent.id))?.payload).toEqual(recent.payload);
      expect((await b.submissionRow(waiting.id))?.payload).toEqual(waiting.payload);
      // Client keys: gone from the rows older than a day, kept on a new one.
      expect((await b.submissionRow(old.id))?.client_key).toBeNull();
      expect((await b.submissionRow(waiting.id))?.client_key).toBeNull();
      const fresh = await submit(b, suggestion(suggestionPayload(unique("Fresh"))), unique("fresh"));
      expect((await b.submissionRow(fresh.id))?.client_key).not.toBeNull();
    });
  });

  describe(`${label}: confirmations from diners`, () => {
    const month = (back: number) => {
      const now = new Date();
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
    };
    /** A confirmation's payload as the form stores it (every field by its form name). */
    const payloadOf = (note: string, outcome = "ate-safely", extra: Payload = {}): Payload => ({
      condition: "celiac",
      visited: month(1),
      outcome,
      staff: "knowledgeable",
      seen: "dedicated-fryer,gf-menu",
      ordered: "Pho",
      note,
      submitter_email: "diner@example.test",
      ...extra,
    });
    const confirmation = (restaurantId: number, payload: Payload): NewSubmission => ({
      kind: "confirmation",
      restaurantId,
      payload,
    });
    const withRepeat = (tag: string, client: string, restaurantId: number): SubmissionKeys => ({
      ...keys(tag, client),
      repeatKey: `repeat-${client}-${restaurantId}`,
    });
    async function stored(b: SubmissionsBackend, note: string): Promise<StoredSubmission> {
      const [id] = await b.idsWith("note", note);
      const row = await b.review().getSubmission(id!);
      expect(row?.kind).toBe("confirmation");
      return row!;
    }
    const publication = (s: StoredSubmission) => ({
      id: s.id,
      condition: "celiac" as const,
      visited: String(s.payload.visited),
      outcome: s.payload.outcome as "ate-safely" | "reacted" | "could-not-order",
      staff: "knowledgeable" as const,
      seen: ["dedicated-fryer" as const, "gf-menu" as const],
      ordered: "Pho",
      note: String(s.payload.note) || null,
    });
    const reviewedAt = () => new Date().toISOString();

    it("a confirmation is stored as sent: kind, its restaurant, no reason, pending", async () => {
      const b = backend();
      const note = unique("Safe pho");
      const client = unique("diner");
      expect(await b.submissions().add(confirmation(1, payloadOf(note)), withRepeat(note, client, 1))).toBe("stored");
      const [id] = await b.idsWith("note", note);
      expect(await b.submissionRow(id!)).toMatchObject({
        kind: "confirmation",
        restaurant_id: 1,
        reason: null,
        payload: payloadOf(note),
        status: "pending",
        reviewed_at: null,
      });
    });

    it("one per client and restaurant in 30 days: a second is refused (repeated), nothing stored; others go on", async () => {
      const b = backend();
      const client = unique("regular");
      const first = unique("First visit");
      expect(await b.submissions().add(confirmation(2, payloadOf(first)), withRepeat(first, client, 2))).toBe("stored");
      // The same post again within the minute: a duplicate, answered as stored.
      expect(await b.submissions().add(confirmation(2, payloadOf(first)), withRepeat(first, client, 2))).toBe(
        "duplicate",
      );
      const second = unique("Second visit");
      expect(await b.submissions().add(confirmation(2, payloadOf(second)), withRepeat(second, client, 2))).toBe(
        "repeated",
      );
      expect(await b.idsWith("note", second)).toEqual([]);
      // Another restaurant, or another client, may.
      const elsewhere = unique("Elsewhere");
      expect(await b.submissions().add(confirmation(3, payloadOf(elsewhere)), withRepeat(elsewhere, client, 3))).toBe(
        "stored",
      );
      const other = unique("Other diner");
      expect(await b.submissions().add(confirmation(2, payloadOf(other)), withRepeat(other, unique("other"), 2))).toBe(
        "stored",
      );
      // After 30 days, again.
      await b.age((await b.idsWith("note", first))[0]!, 31 * 86_400);
      expect(await b.submissions().add(confirmation(2, payloadOf(second)), withRepeat(second, client, 2))).toBe(
        "stored",
      );
    });

    it("the queue lists confirmations that report a reaction or that the diner could not order first", async () => {
      const b = backend();
      const reaction = unique("Reacted");
      const couldNot = unique("Could not order");
      const safe = unique("Fine");
      for (const [note, outcome] of [
        [safe, "ate-safely"],
        [reaction, "reacted"],
        [couldNot, "could-not-order"],
      ] as const) {
        expect(
          await b.submissions().add(confirmation(4, payloadOf(note, outcome)), withRepeat(note, unique("c"), 4)),
        ).toBe("stored");
      }
      // The review loop's queue, filtered by kind: its urgent rule puts these first.
      const pending = await b.review().listPending({ kind: "confirmation", offset: 0, limit: 50 });
      const urgent = pending.filter((p) => ["reacted", "could-not-order"].includes(String(p.payload.outcome)));
      expect(pending.slice(0, urgent.length).map((p) => p.id)).toEqual(urgent.map((p) => p.id));
      expect(urgent.every((p) => p.urgent)).toBe(true);
      expect(urgent.map((p) => p.payload.note)).toEqual(expect.arrayContaining([reaction, couldNot]));
      expect(pending.find((p) => p.payload.note === safe)?.urgent).toBe(false);
      expect(await b.review().countPending()).toEqual(
        expect.arrayContaining([{ kind: "confirmation", reason: null, pending: expect.any(Number) as number }]),
      );
      // And in the whole queue, before every plain confirmation.
      const all = await b.review().listPending({ kind: null, offset: 0, limit: 50 });
      const at = (note: string) => all.findIndex((p) => p.payload.note === note);
      expect(at(reaction)).toBeGreaterThanOrEqual(0);
      expect(at(couldNot)).toBeGreaterThanOrEqual(0);
      // (The plain one may be on a later page.)
      expect(at(safe) === -1 || (at(reaction) < at(safe) && at(couldNot) < at(safe))).toBe(true);
      const listed = pending.find((p) => p.payload.note === reaction);
      expect(listed?.restaurant).toMatchObject({ id: 4 });
      // Decided here, so that no later case finds them first.
      for (const note of [reaction, couldNot, safe]) {
        const s = await stored(b, note);
        await reject(b, s.id);
      }
    });

    it("approving publishes it (never the listing), once; several at once publish only the pending ones", async () => {
      const b = backend();
      const before = await b.restaurant(9);
      const version = await b.version(9);
      const published = await b.confirmationsOf(9);
      const notes = [unique("Bulk one"), unique("Bulk two"), unique("Bulk three")];
      for (const note of notes) {
        expect(await b.submissions().add(confirmation(9, payloadOf(note)), withRepeat(note, unique("bulk"), 9))).toBe(
          "stored",
        );
      }
      const [one, two, three] = await Promise.all(notes.map((note) => stored(b, note)));
      // One is rejected first: it is no longer pending.
      await reject(b, three!.id);
      const at = reviewedAt();
      const ids = await b.review().publishConfirmations([one!, two!, three!].map(publication), "r@example.test", at);
      expect([...ids].sort((x, y) => x - y)).toEqual([one!.id, two!.id].sort((x, y) => x - y));
      const rows = await b.confirmationsOf(9);
      expect(rows).toHaveLength(published.length + 2);
      expect(rows.find((r) => r.submission_id === one!.id)).toMatchObject({
        restaurant_id: 9,
        condition: "celiac",
        visited: month(1),
        outcome: "ate-safely",
        staff: "knowledgeable",
        seen: ["dedicated-fryer", "gf-menu"],
        ordered: "Pho",
        note: notes[0],
      });
      expect(await b.submissionRow(one!.id)).toMatchObject({ status: "approved", reviewed_by: "r@example.test" });
      expect(await b.submissionRow(three!.id)).toMatchObject({ status: "rejected" });
      // The listing is untouched: not verified, no fact changed, and its version (the review
      // loop's) is where it was, though the derived confirmation columns were written.
      expect(await b.restaurant(9)).toEqual(before);
      expect(await b.version(9)).toBe(version);
      expect(await b.review().listChanges(9, 0, 50)).not.toEqual(
        expect.arrayContaining([expect.objectContaining({ submissionId: one!.id })]),
      );
      // Again: nothing more.
      expect(await b.review().publishConfirmations([publication(one!)], "other@example.test", reviewedAt())).toEqual(
        [],
      );
      expect(await b.confirmationsOf(9)).toHaveLength(published.length + 2);
      expect(await b.review().getSubmissions([two!.id, one!.id, 999_999])).toEqual([
        expect.objectContaining({ id: one!.id, status: "approved" }),
        expect.objectContaining({ id: two!.id, status: "approved" }),
      ]);
    });

    it("the purge erases the repeat keys after 30 days, bounded per run", async () => {
      const b = backend();
      const note = unique("Old repeat");
      expect(await b.submissions().add(confirmation(10, payloadOf(note)), withRepeat(note, unique("old"), 10))).toBe(
        "stored",
      );
      const [id] = await b.idsWith("note", note);
      expect((await b.submissionRow(id!))?.repeat_key).not.toBeNull();
      await b.age(id!, 31 * 86_400);
      const before = new Date(Date.now() - 30 * 86_400_000).toISOString();
      expect(await b.review().purgeRepeatKeys(before, 0)).toBe(0);
      expect(await b.review().purgeRepeatKeys(before, 500)).toBeGreaterThanOrEqual(1);
      expect((await b.submissionRow(id!))?.repeat_key).toBeNull();
    });
  });
}
