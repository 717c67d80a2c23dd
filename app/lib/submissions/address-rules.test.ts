// Where a suggested restaurant is, checked by its country (the contract's section 14,
// docs/routes.md): the suggestion form's country, state and ZIP or postal code, and the review
// queue's edits of the same columns. Expected values are restated from the rules and from the
// countries' own formats (Canada Post, Royal Mail, Deutsche Post, USPS), not read from the data.
import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { suggestionSchema } from "./forms";
import { countryName, countryOptions } from "./countries";
import { planDecision } from "./decisions";
import { TODAY, listing, read, report, suggestion } from "./decisions.fixtures";

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};

/** The suggestion as kept, or its field errors (the first message of each). */
function parse(fields: Record<string, string>) {
  const result = parseWithZod(formOf({ name: "A", city: "B", ...fields }), { schema: suggestionSchema });
  if (result.status === "success") return { value: result.value as Record<string, unknown> };
  return { errors: Object.fromEntries(Object.entries(result.error ?? {}).map(([k, v]) => [k, v?.[0]])) };
}

describe("the suggestion form's country", () => {
  it("offers every ISO 3166-1 country by its English name, the US among them", () => {
    const options = countryOptions();
    expect(options.length).toBeGreaterThanOrEqual(249);
    const codes = options.map(([code]) => code);
    for (const code of ["US", "CA", "GB", "DE", "IE", "IT", "ES", "AU", "JP", "FR", "NZ", "MX"]) {
      expect(codes).toContain(code);
    }
    expect(new Set(codes).size).toBe(codes.length);
    expect(countryName("CA")).toBe("Canada");
    expect(countryName("GB")).toBe("United Kingdom");
    expect(countryName("DE")).toBe("Germany");
    // In English alphabetical order: a visitor finds a country by its first letters.
    const names = options.map(([, name]) => name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("absent or blank is the US, kept as before: no country in the payload", () => {
    for (const country of [undefined, "", "US", "us"]) {
      const { value } = parse({ state: "OR", ...(country === undefined ? {} : { country }) });
      expect(value, String(country)).toBeDefined();
      expect(value).not.toHaveProperty("country");
      expect(value?.state).toBe("OR");
    }
  });

  it("a code that is no country is a message beside the field", () => {
    for (const country of ["UK", "XX", "CAN", "<b>"]) {
      expect(parse({ country, state: "ON" }).errors?.country, country).toBe("Please choose a country from the list.");
    }
  });
});

describe("the US: the spec's rules, and a ZIP code of five digits or ZIP+4", () => {
  it.each(["97205", "97205-1234", ""])("takes the ZIP code %j", (zip) => {
    expect(parse({ state: "OR", zip }).value?.zip).toBe(zip);
  });

  it.each(["9720", "972051", "97205-12", "972051234", "97205 1234", "ABCDE", "M5V 2T6"])(
    "refuses the ZIP code %j with a message beside it",
    (zip) => {
      expect(parse({ state: "OR", zip }).errors?.zip).toBe(
        "Please enter a five-digit ZIP code, or ZIP+4 such as 97205-1234.",
      );
    },
  );

  it("the state is still required, a US state or its code", () => {
    expect(parse({ state: "" }).errors?.state).toBe("State is required.");
    expect(parse({ state: "Ontario" }).errors?.state).toBe("Please enter a US state or its two-letter code.");
    expect(parse({ state: "new york" }).value?.state).toBe("NY");
  });
});

describe("other countries: the state a subdivision of the country, the postal code in its format", () => {
  it.each<[string, string, string, string, string]>([
    // country, typed state, kept state, typed postal code, kept postal code
    ["CA", "ON", "ON", "M5V 2T6", "M5V 2T6"],
    ["CA", "Ontario", "ON", "m5v2t6", "M5V 2T6"],
    ["CA", "Québec", "QC", "H2Y 1C6", "H2Y 1C6"],
    ["GB", "England", "ENG", "SW1A 1AA", "SW1A 1AA"],
    ["GB", "SCT", "SCT", "eh1 1yz", "EH1 1YZ"],
    ["GB", "GB-WLS", "WLS", "CF101AA", "CF10 1AA"],
    ["DE", "BE", "BE", "10115", "10115"],
    ["DE", "Bayern", "BY", "80331", "80331"],
    ["IE", "Leinster", "L", "D02 X285", "D02 X285"],
    ["IT", "Lazio", "62", "00184", "00184"],
    ["AU", "NSW", "NSW", "2000", "2000"],
    ["JP", "13", "13", "100-0001", "100-0001"],
  ])("%s: state %j is kept as %j, postal code %j as %j", (country, state, keptState, zip, keptZip) => {
    expect(parse({ country, state, zip }).value).toMatchObject({ country, state: keptState, zip: keptZip });
  });

  it.each<[string, string, string]>([
    // country, a postal code that is none of that country's, where the country is named in the message
    ["CA", "97205", "Canada"],
    ["CA", "D5V 2T6", "Canada"],
    ["GB", "SW1A", "United Kingdom"],
    ["GB", "10115", "United Kingdom"],
    ["DE", "1011", "Germany"],
    ["DE", "M5V 2T6", "Germany"],
    ["JP", "1000001", "Japan"],
  ])("%s refuses the postal code %j", (country, zip, name) => {
    const state = { CA: "ON", GB: "ENG", DE: "BE", JP: "13" }[country]!;
    expect(parse({ country, state, zip }).errors?.zip).toBe(`Please enter a postal code as it is written in ${name}.`);
  });

  it("a state that is not one of the country's: the message lists its codes", () => {
    expect(parse({ country: "CA", state: "OR" }).errors?.state).toBe(
      "Please enter a state, province or region of Canada or its code: AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT.",
    );
    expect(parse({ country: "GB", state: "Camden" }).errors?.state).toBe(
      "Please enter a state, province or region of United Kingdom or its code: ENG, NIR, SCT, WLS.",
    );
    expect(parse({ country: "DE", state: "" }).errors?.state).toBe(
      "Please enter the state, province or region in Germany.",
    );
  });

  it("a country without subdivisions takes no state; the postal code stays optional everywhere", () => {
    expect(parse({ country: "HK", state: "", zip: "" }).value).toMatchObject({ country: "HK", state: "", zip: "" });
    expect(parse({ country: "HK", state: "Kowloon" }).errors?.state).toBe(
      "Hong Kong has no states or provinces: please leave State blank.",
    );
    expect(parse({ country: "CA", state: "ON", zip: "" }).value).toMatchObject({ zip: "" });
  });

  it("the text rules come first: an invisible character is refused as anywhere else", () => {
    expect(parse({ country: "CA", state: "On\u200Btario" }).errors?.state).toBe(
      "Please remove invisible, control or text-direction characters.",
    );
    expect(parse({ country: "CA", state: "ON", zip: "M5V\u200B2T6" }).errors?.zip).toBe(
      "Please remove invisible, control or text-direction characters.",
    );
  });
});

describe("the review queue: the same rules for a suggestion and for its edits", () => {
  const canadian = {
    ...suggestion,
    payload: { ...suggestion.payload, city: "Toronto", state: "ON", zip: "M5V 2T6", country: "CA" },
  };

  it("approving a Canadian suggestion writes its country, state and postal code", () => {
    const plan = planDecision(canadian, read({ decision: "approve" }, null), null, TODAY);
    expect(plan).toMatchObject({
      ok: true,
      write: { action: "insert", columns: { country: "CA", state: "ON", zip_code: "M5V 2T6" } },
    });
    expect(plan.ok && plan.write.action === "insert" && plan.write.changes).toContainEqual({
      column: "country",
      oldValue: null,
      newValue: "CA",
    });
  });

  it("a US suggestion is written as before: no country column (the table's default is the US)", () => {
    const plan = planDecision(suggestion, read({ decision: "approve", country: "" }, null), null, TODAY);
    expect(plan.ok && plan.write.action === "insert" && Object.hasOwn(plan.write.columns, "country")).toBe(false);
  });

  it("the reviewer's edits are checked in the listing's country, or in the one the reviewer chose", () => {
    const inCanada = { ...listing, country: "CA", state: "ON", zip_code: "M5V 2T6" };
    expect(
      planDecision(report("contact"), read({ decision: "approve", state: "Quebec" }, inCanada), inCanada, TODAY),
    ).toMatchObject({ ok: true, write: { columns: { state: "QC" } } });
    expect(
      planDecision(report("contact"), read({ decision: "approve", zip_code: "97205" }, inCanada), inCanada, TODAY),
    ).toMatchObject({ ok: false, status: 400, errors: { zip_code: expect.stringContaining("Canada") } });
    // Moving a US listing to Canada needs a Canadian state and postal code too.
    expect(planDecision(report("contact"), read({ decision: "approve", country: "CA" }), listing, TODAY)).toMatchObject(
      { ok: false, status: 400, errors: { state: expect.stringContaining("Canada") } },
    );
    expect(planDecision(report("contact"), read({ decision: "approve", country: "ZZ" }), listing, TODAY)).toMatchObject(
      { ok: false, status: 400, errors: { country: "Please choose a country from the list." } },
    );
    expect(
      planDecision(report("contact"), read({ decision: "approve", zip_code: "9720" }), listing, TODAY),
    ).toMatchObject({ ok: false, status: 400, errors: { zip_code: expect.stringContaining("five-digit") } });
  });
});
