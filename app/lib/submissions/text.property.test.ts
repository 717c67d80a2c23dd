// The text module's promise, over random Unicode (issue 37): whatever is typed into any field of
// any public form, or into any edit of the review queue, what would be stored is in NFC,
// trimmed, within its field's limit after normalising, and free of the characters its shape
// refuses. The input mixes any UTF-16 unit (lone surrogates included), any code point,
// characters NFC lengthens (U+0958, U+FB2C, U+1D160), C0 and C1 controls, line ends,
// zero-width and text-direction characters, and spaces, at lengths around each limit.
import { parseWithZod } from "@conform-to/zod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NOTE_MAX, ORDERED_MAX } from "../trust/confirmations";
import { confirmationPublication, parseConfirmationEdits } from "./confirmation-decisions";
import { confirmationSchema } from "./confirmation-form";
import { COLUMN_MAX_LENGTH, planDecision, readReviewForm } from "./decisions";
import { TODAY, formOf, listing, report, suggestion } from "./decisions.fixtures";
import { reportSchema, suggestionSchema } from "./forms";
import { MULTI_LINE_COLUMNS, type StoredSubmission, type TextColumn } from "../directory/submission-store";
import type { TextShape } from "./text";

const SPECIAL = [
  "\u0958", // NFC: two characters
  "\uFB2C", // NFC: three
  "\u{1D160}", // NFC: three code points
  "\u0344",
  "e\u0301",
  "\u0301",
  "\u0000",
  "\u0007",
  "\t",
  "\n",
  "\r",
  "\r\n",
  "\u000B",
  "\u000C",
  "\u007F",
  "\u0085",
  "\u009F",
  "\u200B",
  "\u200D",
  "\u2060",
  "\uFEFF",
  "\u202A",
  "\u202E",
  "\u2066",
  "\u2069",
  "\uD800",
  "\uDFFF",
  " ",
  "\u00A0",
  "\u2000",
  "\u3000",
  "a",
  "\u0939",
  "😀",
];

const unit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)) },
  { weight: 4, arbitrary: fc.constantFrom("a", "b", "z", "1", "é", "ß") },
);

/** Random text of up to `max` units and a little past it (where NFC and trimming decide). */
const textAround = (max: number) =>
  fc.oneof(
    fc.array(unit, { maxLength: Math.min(max + 10, 60) }).map((units) => units.join("")),
    fc
      .tuple(fc.integer({ min: Math.max(0, max - 20), max: max + 5 }), fc.array(unit, { maxLength: 30 }))
      .map(([plain, units]) => "a".repeat(plain) + units.join("")),
  );

// eslint-disable-next-line no-control-regex -- the characters the rules refuse, restated
const REFUSED_IN_LINE = /[\u0000-\u001F\u007F-\u009F\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069\p{Cs}]/u;
// eslint-disable-next-line no-control-regex -- as above, line breaks and tabs allowed
const REFUSED_IN_PARAGRAPHS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}]/u;

/** The promise for one stored value. */
function expectKept(value: unknown, shape: TextShape, max: number, label: string) {
  if (value === null || value === undefined || value === "") return;
  expect(typeof value, label).toBe("string");
  const text = value as string;
  expect(text, `${label}: NFC`).toBe(text.normalize("NFC"));
  expect(text, `${label}: trimmed`).toBe(text.trim());
  expect(text.length, `${label}: within ${max}`).toBeLessThanOrEqual(max);
  expect(shape === "line" ? REFUSED_IN_LINE.test(text) : REFUSED_IN_PARAGRAPHS.test(text), `${label}: refused`).toBe(
    false,
  );
  if (shape === "paragraphs") expect(text, `${label}: LF`).not.toMatch(/\r/);
}

const formWith = (base: Record<string, string>, field: string, value: string) => {
  const form = new FormData();
  for (const [key, entry] of Object.entries({ ...base, [field]: value })) form.set(key, entry);
  return form;
};

const RUNS = { numRuns: 100 };

type Field = [name: string, shape: TextShape, max: number];

const FORMS: {
  name: string;
  schema: Parameters<typeof parseWithZod>[1]["schema"];
  base: Record<string, string>;
  fields: Field[];
}[] = [
  {
    name: "Suggest a Restaurant",
    schema: suggestionSchema,
    base: { name: "Rice & Co", city: "Portland", state: "OR" },
    fields: [
      ["name", "line", 200],
      ["city", "line", 200],
      ["address", "line", 200],
      ["zip", "line", 20],
      ["phone", "line", 40],
      ["submitter_phone", "line", 40],
      ["cuisine", "line", 100],
      ["website", "line", 500],
      ["submitter_email", "line", 254],
      ["notes", "paragraphs", 4000],
    ],
  },
  {
    name: "Report a problem",
    schema: reportSchema,
    base: { reason: "hours", details: "Closed on Mondays now." },
    fields: [
      ["details", "paragraphs", 2000],
      ["submitter_email", "line", 254],
    ],
  },
  {
    name: "Ate here? Tell other diners",
    schema: confirmationSchema("2026-03"),
    base: { condition: "celiac", visited: "2026-02", outcome: "ate-safely" },
    fields: [
      ["ordered", "line", ORDERED_MAX],
      ["note", "paragraphs", NOTE_MAX],
      ["submitter_email", "line", 254],
    ],
  },
];

describe("every public form keeps only what the rules allow", () => {
  for (const form of FORMS) {
    it.each(form.fields)(`${form.name}: %s`, (field, shape, max) => {
      let kept = 0;
      fc.assert(
        fc.property(textAround(max), (typed) => {
          const parsed = parseWithZod(formWith(form.base, field, typed), { schema: form.schema });
          if (parsed.status !== "success") return;
          kept += 1;
          for (const [name, fieldShape, fieldMax] of form.fields) {
            expectKept((parsed.value as Record<string, unknown>)[name], fieldShape, fieldMax, `${field} → ${name}`);
          }
        }),
        RUNS,
      );
      // The property held for values that were kept, not only for refusals.
      expect(kept).toBeGreaterThan(0);
    });
  }

  it("a suggestion's state is kept as its code", () => {
    fc.assert(
      fc.property(textAround(4), (typed) => {
        const parsed = parseWithZod(formWith({ name: "A", city: "B" }, "state", typed), { schema: suggestionSchema });
        if (parsed.status === "success") expect(parsed.value.state).toMatch(/^[A-Z]{2}$/);
      }),
      RUNS,
    );
  });
});

const MULTI_LINE = new Set<string>(MULTI_LINE_COLUMNS);
const shapeOf = (column: TextColumn): TextShape => (MULTI_LINE.has(column) ? "paragraphs" : "line");
const TEXT_COLUMNS = Object.keys(COLUMN_MAX_LENGTH) as TextColumn[];

describe("every edit of the review queue writes only what the rules allow", () => {
  it.each(TEXT_COLUMNS)("a suggestion approved with %s edited", (column) => {
    fc.assert(
      fc.property(textAround(COLUMN_MAX_LENGTH[column]), (typed) => {
        const read = readReviewForm(formOf({ decision: "approve", [column]: typed }, null));
        if (!read.ok) return;
        const plan = planDecision(suggestion, read.form, null, TODAY);
        if (!plan.ok || plan.write.action !== "insert") return;
        for (const text of TEXT_COLUMNS) {
          expectKept(plan.write.columns[text], shapeOf(text), COLUMN_MAX_LENGTH[text], `${column} → ${text}`);
        }
      }),
      RUNS,
    );
  });

  it.each(TEXT_COLUMNS)("a report approved with %s edited", (column) => {
    fc.assert(
      fc.property(textAround(COLUMN_MAX_LENGTH[column]), (typed) => {
        const read = readReviewForm(formOf({ decision: "approve", [column]: typed }));
        if (!read.ok) return;
        const plan = planDecision(report("contact"), read.form, listing, TODAY);
        if (!plan.ok || plan.write.action !== "update") return;
        for (const [text, value] of Object.entries(plan.write.columns)) {
          if (text in COLUMN_MAX_LENGTH) {
            expectKept(
              value,
              shapeOf(text as TextColumn),
              COLUMN_MAX_LENGTH[text as TextColumn],
              `${column} → ${text}`,
            );
          }
        }
      }),
      RUNS,
    );
  });

  const confirmation = (payload: Record<string, string>): StoredSubmission => ({
    ...suggestion,
    id: 5,
    kind: "confirmation",
    restaurantId: 7,
    payload: { condition: "celiac", visited: "2026-02", outcome: "ate-safely", ...payload },
  });

  it.each([
    ["ordered", "line", ORDERED_MAX],
    ["note", "paragraphs", NOTE_MAX],
  ] as const)(
    "a confirmation approved with %s edited, or as the diner wrote it (one by one or in bulk)",
    (field, shape, max) => {
      let published = 0;
      fc.assert(
        fc.property(textAround(max), textAround(max), (stored, typed) => {
          const edited = new FormData();
          edited.set(field, typed);
          for (const result of [
            confirmationPublication(confirmation({ [field]: stored }), parseConfirmationEdits(edited)),
            confirmationPublication(confirmation({ [field]: stored })),
          ]) {
            if (!result.ok) continue;
            published += 1;
            expectKept(result.publication.ordered, "line", ORDERED_MAX, `${field} → ordered`);
            expectKept(result.publication.note, "paragraphs", NOTE_MAX, `${field} → note`);
            expectKept(result.publication[field], shape, max, field);
          }
        }),
        RUNS,
      );
      expect(published).toBeGreaterThan(0);
    },
  );
});
