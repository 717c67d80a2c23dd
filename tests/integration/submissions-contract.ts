// The submissions contract, run on both backends (submissions-d1.test.ts on a real local D1,
// submissions-supabase.test.ts on PGlite through the PostgREST stand-in, the public key for
// the store and the secret key for the review): suggestions and reports are kept exactly as
// sent, once per minute, at most 5 per client a minute, never lost under concurrency; every
// decision writes what the rules say, once; the purge erases contacts after 90 days.
// Expected values are restated here from the rules, not taken from the code under test.
import { describe, expect, it } from "vitest";
import type {
  NewSubmission,
  Payload,
  ReviewStore,
  StoredSubmission,
  SubmissionKeys,
  SubmissionStore,
} from "~/lib/submissions/store";

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
};

let serial = 0;
/** Keys unique to one test (the hash shape does not matter to the store). */
const keys = (dedup: string, client: string): SubmissionKeys => ({
  dedupKey: `dedup-${dedup}`,
  clientKey: `client-${client}`,
});
const unique = (label: string) => `${label}-${process.pid}-${++serial}`;

function suggestionPayload(name: string, extra: Payload = {}): Payload {
  return {
    name,
    city: "Portland",
    state: "OR",
    address: "1 Example Street",
    zip: "97201",
    phone: "(555) 010-0142",
    website: "https://example.test/",
    submitter_email: "diner@example.test",
    submitter_phone: "(555) 010-0143",
    cuisine: "Thai",
    notes: "Ask for the gluten-free menu.",
    gluten_free: true,
    dairy_free: false,
    vegetarian: true,
    vegan: false,
    gluten_free_only: false,
    dairy_free_only: false,
    vegetarian_only: false,
    vegan_only: false,
    gf_dedicated_fryer: "yes",
    gf_separate_prep: "no",
    gf_trained_staff: null,
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
    const reviewedAt = () => new Date().toISOString();

    it("the queue lists pending submissions oldest first, a report beside its restaurant's listing", async () => {
      const b = backend();
      const older = await submit(b, suggestion(suggestionPayload(unique("Older"))), unique("o"));
      await b.age(older.id, 2 * 365 * 86_400);
      const details = unique("Closed since spring.");
      const report = await submit(
        b,
        {
          kind: "report",
          restaurantId: 2,
          reason: "closed",
          payload: { reason: "closed", details, submitter_email: "" },
        },
        details,
      );
      // Older than everything else the suite stored, so both are on the first page.
      await b.age(report.id, 365 * 86_400);
      const pending = await b.review().listPending(50);
      expect(pending.length).toBeLessThanOrEqual(50);
      expect(pending[0]?.id).toBe(older.id);
      expect(pending[1]?.id).toBe(report.id);
      const created = pending.map((p) => Date.parse(p.createdAt));
      expect(created).toEqual([...created].sort((x, y) => x - y));
      const listed = pending.find((p) => p.id === report.id);
      expect(listed?.restaurant).toMatchObject({ id: 2, name: "Café Ünïcode", city: "Portland", is_vegetarian: true });
      expect(pending.find((p) => p.id === older.id)?.restaurant).toBeNull();
      expect(pending.every((p) => p.status === "pending")).toBe(true);
    });

    it("approving a suggestion publishes it, verified today, with the reviewer's edits winning; a second decision is a conflict", async () => {
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
        is_gluten_free: true,
        is_vegetarian: true,
        vegan_only: true,
        gf_dedicated_fryer: true,
        gf_separate_prep: false,
        gf_trained_staff: null,
        verified_at: today(),
      };
      const decided = await b.review().decide({
        id: stored.id,
        status: "approved",
        reviewer: "reviewer@example.test",
        reviewedAt: reviewedAt(),
        write: { action: "insert", columns },
      });
      expect(decided).toBe("decided");
      const [restaurant, ...more] = await b.restaurantsNamed(name);
      expect(more).toEqual([]);
      // Placed at its ZIP code's centre by the database, as any row without coordinates.
      expect(await b.position(name)).toEqual({ lat: 44.25, lng: -121.75 });
      expect(restaurant).toMatchObject({
        ...columns,
        // vegan_only implies is_vegan (the trust triggers).
        is_vegan: true,
        closed_at: null,
      });
      expect(await b.cuisineExists(cuisine)).toBe(true);
      const row = await b.submissionRow(stored.id);
      expect(row).toMatchObject({ status: "approved", reviewed_by: "reviewer@example.test" });
      expect(row?.reviewed_at).not.toBeNull();

      // Again (a double click, a second reviewer): nothing changes.
      const again = await b.review().decide({
        id: stored.id,
        status: "rejected",
        reviewer: "other@example.test",
        reviewedAt: reviewedAt(),
        write: { action: "insert", columns },
      });
      expect(again).toBe("conflict");
      expect(await b.restaurantsNamed(name)).toHaveLength(1);
      expect(await b.submissionRow(stored.id)).toMatchObject({
        status: "approved",
        reviewed_by: "reviewer@example.test",
      });
    });

    it("approving reports: closed sets closed_at, confirm sets verified_at, others apply the edits and verify", async () => {
      const b = backend();
      const report = (restaurantId: number, reason: "closed" | "confirm" | "hours") => {
        const details = unique(`${reason} report`);
        return submit(
          b,
          { kind: "report", restaurantId, reason, payload: { reason, details, submitter_email: "" } },
          details,
        );
      };
      const before5 = await b.restaurant(5);
      const closed = await report(5, "closed");
      expect(
        await b.review().decide({
          id: closed.id,
          status: "approved",
          reviewer: "r@example.test",
          reviewedAt: reviewedAt(),
          write: { action: "update", restaurantId: 5, columns: { closed_at: today() } },
        }),
      ).toBe("decided");
      expect(await b.restaurant(5)).toEqual({ ...before5, closed_at: today() });
      expect((await b.submissions().reportTarget(5))?.closedAt).toBe(today());

      const before6 = await b.restaurant(6);
      const confirm = await report(6, "confirm");
      await b.review().decide({
        id: confirm.id,
        status: "approved",
        reviewer: "r@example.test",
        reviewedAt: reviewedAt(),
        write: { action: "update", restaurantId: 6, columns: { verified_at: today() } },
      });
      expect(await b.restaurant(6)).toEqual({ ...before6, verified_at: today() });

      const before7 = await b.restaurant(7);
      const hours = await report(7, "hours");
      const edits = { hours_of_operation: "Daily 8am-2pm", gf_trained_staff: true, verified_at: today() };
      await b.review().decide({
        id: hours.id,
        status: "approved",
        reviewer: "r@example.test",
        reviewedAt: reviewedAt(),
        write: { action: "update", restaurantId: 7, columns: edits },
      });
      expect(await b.restaurant(7)).toEqual({ ...before7, ...edits });
    });

    it("rejecting leaves the listing untouched and records the decision", async () => {
      const b = backend();
      const before = await b.restaurant(8);
      const details = unique("It is a shoe shop now.");
      const stored = await submit(
        b,
        {
          kind: "report",
          restaurantId: 8,
          reason: "other",
          payload: { reason: "other", details, submitter_email: "" },
        },
        details,
      );
      expect(
        await b.review().decide({
          id: stored.id,
          status: "rejected",
          reviewer: "r@example.test",
          reviewedAt: reviewedAt(),
          write: { action: "none" },
        }),
      ).toBe("decided");
      expect(await b.restaurant(8)).toEqual(before);
      expect(await b.submissionRow(stored.id)).toMatchObject({ status: "rejected", reviewed_by: "r@example.test" });
    });

    it("a failing write leaves nothing half-done: the submission stays pending", async () => {
      const b = backend();
      const name = unique("Half Written");
      const stored = await submit(b, suggestion(suggestionPayload(name)), name);
      // The table refuses a script URL: the decision fails as a whole.
      await expect(
        b.review().decide({
          id: stored.id,
          status: "approved",
          reviewer: "r@example.test",
          reviewedAt: reviewedAt(),
          write: { action: "insert", columns: { name, website_url: "javascript:alert(1)", verified_at: today() } },
        }),
      ).rejects.toThrow();
      expect(await b.restaurantsNamed(name)).toEqual([]);
      expect(await b.submissionRow(stored.id)).toMatchObject({ status: "pending", reviewed_at: null });
    });

    it("the purge erases email and phone 90 days after the decision, bounded per run; client keys after a day", async () => {
      const b = backend();
      const old = await submit(b, suggestion(suggestionPayload(unique("Old Decided"))), unique("old"));
      const recent = await submit(b, suggestion(suggestionPayload(unique("Recent Decided"))), unique("recent"));
      const waiting = await submit(b, suggestion(suggestionPayload(unique("Still Pending"))), unique("wait"));
      for (const { id } of [old, recent]) {
        await b.review().decide({
          id,
          status: "rejected",
          reviewer: "r@example.test",
          reviewedAt: reviewedAt(),
          write: { action: "none" },
        });
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
      const pending = await b.review().listPending(50);
      const urgent = pending.filter(
        (p) => p.kind === "confirmation" && ["reacted", "could-not-order"].includes(String(p.payload.outcome)),
      );
      expect(pending.slice(0, urgent.length).map((p) => p.id)).toEqual(urgent.map((p) => p.id));
      expect(urgent.map((p) => p.payload.note)).toEqual(expect.arrayContaining([reaction, couldNot]));
      const listed = pending.find((p) => p.payload.note === reaction);
      expect(listed?.restaurant).toMatchObject({ id: 4 });
      // Decided here, so that no later case finds them first.
      for (const note of [reaction, couldNot, safe]) {
        const s = await stored(b, note);
        await b.review().decide({
          id: s.id,
          status: "rejected",
          reviewer: "r@example.test",
          reviewedAt: reviewedAt(),
          write: { action: "none" },
        });
      }
    });

    it("approving publishes it (never the listing), once; several at once publish only the pending ones", async () => {
      const b = backend();
      const before = await b.restaurant(9);
      const published = await b.confirmationsOf(9);
      const notes = [unique("Bulk one"), unique("Bulk two"), unique("Bulk three")];
      for (const note of notes) {
        expect(await b.submissions().add(confirmation(9, payloadOf(note)), withRepeat(note, unique("bulk"), 9))).toBe(
          "stored",
        );
      }
      const [one, two, three] = await Promise.all(notes.map((note) => stored(b, note)));
      // One is rejected first: it is no longer pending.
      await b.review().decide({
        id: three!.id,
        status: "rejected",
        reviewer: "r@example.test",
        reviewedAt: reviewedAt(),
        write: { action: "none" },
      });
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
      // The listing is untouched: not verified, no fact changed.
      expect(await b.restaurant(9)).toEqual(before);
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
