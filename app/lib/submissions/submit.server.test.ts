import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { reportSchema, suggestionSchema } from "./forms";
import { clientAddress, clientNetwork, ipv6Groups, readSubmission, submissionKeys } from "./submit.server";

/** The payload limit of docs/routes.md: 16 KB. */
const LIMIT = 16 * 1024;

const URL_ = "https://safebites.example/submit-restaurant";
const FORM = "application/x-www-form-urlencoded";

/** The status readSubmission rejects with, or "ok" with the parsed form. */
async function statusOf(request: Request): Promise<number | FormData> {
  try {
    return await readSubmission(request);
  } catch (error) {
    const init = (error as { init?: ResponseInit | null }).init;
    if (!init?.status) throw error;
    return init.status;
  }
}

const post = (body: BodyInit | null, headers: Record<string, string> = { "Content-Type": FORM }) =>
  new Request(URL_, {
    method: "POST",
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
}

describe("readSubmission", () => {
  it("parses a url-encoded form", async () => {
    const form = await statusOf(post("name=Caf%C3%A9&city=Austin&state=TX&vegan=on"));
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("name")).toBe("Café");
  });

  it("parses multipart form data", async () => {
    const body = new FormData();
    body.set("name", "A");
    const request = new Request(URL_, { method: "POST", body });
    const form = await statusOf(request);
    expect((form as FormData).get("name")).toBe("A");
  });

  it("parses multipart form data whose boundary has capitals, as Chrome's has", async () => {
    const boundary = "----WebKitFormBoundaryAbCdEf0123";
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nCafé\r\n--${boundary}--\r\n`;
    const form = await statusOf(post(body, { "Content-Type": `multipart/form-data; boundary=${boundary}` }));
    expect(form).toBeInstanceOf(FormData);
    expect((form as FormData).get("name")).toBe("Café");
  });

  it("413 when Content-Length says more than 16 KB", async () => {
    const body = `notes=${"a".repeat(LIMIT)}`;
    expect(await statusOf(post(body, { "Content-Type": FORM, "Content-Length": String(body.length) }))).toBe(413);
  });

  it("413 when a body without Content-Length grows past 16 KB (chunked)", async () => {
    const chunks = ["notes=", ...Array.from({ length: 40 }, () => "a".repeat(1024))];
    expect(await statusOf(post(streamOf(chunks)))).toBe(413);
  });

  it("an oversized body is drained (up to 1 MiB past the limit), then cancelled", async () => {
    const pulled = { count: 0, cancelled: false };
    const endless = (chunkBytes: number, chunks: number) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled.count >= chunks) return controller.close();
          pulled.count += 1;
          controller.enqueue(new Uint8Array(chunkBytes).fill(97));
        },
        cancel() {
          pulled.cancelled = true;
        },
      });
    // 40 KB: read to the end, so the client is never cut off mid-send.
    expect(await statusOf(post(endless(1024, 40)))).toBe(413);
    expect(pulled).toEqual({ count: 40, cancelled: false });
    // Endless: reading stops a little past 16 KB + 1 MiB.
    pulled.count = 0;
    expect(await statusOf(post(endless(64 * 1024, 1_000_000)))).toBe(413);
    expect(pulled.cancelled).toBe(true);
    expect(pulled.count).toBeLessThanOrEqual(Math.ceil((LIMIT + 1024 * 1024) / (64 * 1024)) + 2);
  });

  it("exactly 16 KB is still read", async () => {
    const body = `notes=${"a".repeat(LIMIT - 6)}`;
    expect(await statusOf(post(body))).toBeInstanceOf(FormData);
  });

  it.each(["application/json", "text/plain", "", "text/html", "application/xml"])(
    "415 for Content-Type %j",
    async (type) => {
      expect(await statusOf(post("name=A", type ? { "Content-Type": type } : {}))).toBe(415);
    },
  );

  it.each<Record<string, string>>([
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
  ])("403 for %j", async (headers) => {
    expect(await statusOf(post("name=A", { "Content-Type": FORM, ...headers }))).toBe(403);
  });

  it("same-origin posts pass", async () => {
    const headers = { "Content-Type": FORM, Origin: "https://safebites.example", "Sec-Fetch-Site": "same-origin" };
    expect(await statusOf(post("name=A", headers))).toBeInstanceOf(FormData);
  });

  it("400 for a multipart body that does not parse", async () => {
    expect(await statusOf(post("garbage", { "Content-Type": "multipart/form-data; boundary=zzz" }))).toBe(400);
  });

  it("invalid UTF-8 and broken percent-escapes do not throw", async () => {
    const form = await statusOf(post("name=%FF%ED%A0%80&city=%&state=%zz"));
    expect(form).toBeInstanceOf(FormData);
  });
});

/** The field errors of a suggestion form (first message per field), or null when it is valid. */
function validateSubmission(form: FormData): Record<string, string> | null {
  const result = parseWithZod(form, { schema: suggestionSchema });
  if (result.status === "success") return null;
  return Object.fromEntries(
    Object.entries(result.error ?? {}).map(([field, messages]) => [field, messages?.[0] ?? ""]),
  );
}

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
};

describe("validateSubmission", () => {
  const valid = { name: "A", city: "B", state: "OR" };
  const values = (extra: Record<string, string>) => formOf({ ...valid, ...extra });

  it("accepts the required fields alone", () => {
    expect(validateSubmission(values({}))).toBeNull();
  });

  it.each(["name", "city", "state"])("%s is required (blank or only spaces)", (field) => {
    expect(validateSubmission(values({ [field]: "" }))?.[field]).toMatch(/is required\.$/);
    expect(validateSubmission(values({ [field]: "   " }))?.[field]).toMatch(/is required\.$/);
  });

  it.each([
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "\tjavascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    'https://ok.example" onmouseover="alert(1)',
    "ftp://files.example",
    "//evil.example",
  ])("a website of %j is a field error", (website) => {
    expect(validateSubmission(values({ website }))?.website).toBe(
      "Please enter a website address starting with http:// or https://.",
    );
  });

  it("a bad email is a field error", () => {
    expect(validateSubmission(values({ submitter_email: "a@b.example?cc=c@d.example" }))?.submitter_email).toBe(
      "Please enter a valid email address.",
    );
  });

  it("overlong values are reported", () => {
    const result = validateSubmission(values({ name: "x".repeat(10_000) }));
    expect(result?.name).toMatch(/under 200 characters/);
  });

  it("the kitchen practices take yes, no or nothing", () => {
    expect(validateSubmission(values({ gf_dedicated_fryer: "maybe" }))?.gf_dedicated_fryer).toBe(
      "Please choose Yes, No or Not sure.",
    );
    const parsed = parseWithZod(values({ gf_dedicated_fryer: "yes", gf_separate_prep: "no", gf_trained_staff: "" }), {
      schema: suggestionSchema,
    });
    expect(parsed.status === "success" && parsed.value).toMatchObject({
      gf_dedicated_fryer: "yes",
      gf_separate_prep: "no",
      gf_trained_staff: null,
    });
  });

  it.each(["name", "city", "address", "cuisine", "phone", "zip", "submitter_phone", "submitter_email"])(
    "%s refuses zero-width, control and text-direction characters",
    (field) => {
      const base = field === "submitter_email" ? "diner@example.test" : "Portland";
      for (const hidden of [
        "\u200B",
        "\u200C",
        "\u200D",
        "\u2060",
        "\uFEFF",
        "\u202E",
        "\u2066",
        "\u2069",
        "\u0007",
        "\t",
      ]) {
        const value = `${base.slice(0, 3)}${hidden}${base.slice(3)}`;
        expect(validateSubmission(values({ [field]: value }))?.[field], JSON.stringify(value)).toBe(
          "Please remove invisible, control or text-direction characters.",
        );
      }
    },
  );

  it("the state is a US state or its code, kept as the code", () => {
    for (const [typed, code] of [
      ["OR", "OR"],
      ["or", "OR"],
      ["Oregon", "OR"],
      [" new york ", "NY"],
      ["District of Columbia", "DC"],
    ]) {
      const parsed = parseWithZod(values({ state: typed! }), { schema: suggestionSchema });
      expect(parsed.status === "success" && parsed.value.state, typed).toBe(code);
    }
    for (const typed of ["Ontario", "O", "XX", "Portland"]) {
      expect(validateSubmission(values({ state: typed }))?.state, typed).toBe(
        "Please enter a US state or its two-letter code.",
      );
    }
    expect(validateSubmission(values({ state: "Ore\u200Bgon" }))?.state).toBe(
      "Please remove invisible, control or text-direction characters.",
    );
  });

  it("a website the URL parser takes but the table would refuse is a field error", () => {
    for (const website of ["https:example.com", "http:/example.com", "https:///x", "https://@x.example"]) {
      expect(validateSubmission(values({ website }))?.website, website).toBe(
        "Please enter a website address starting with http:// or https://.",
      );
    }
  });

  it("text is kept in NFC; notes keep their lines and tabs, with LF line ends", () => {
    const parsed = parseWithZod(values({ name: "Cafe\u0301", notes: "One.\r\n\r\nTwo.\tThree\u200D." }), {
      schema: suggestionSchema,
    });
    expect(parsed.status === "success" && [parsed.value.name, parsed.value.notes]).toEqual([
      "Caf\u00e9",
      "One.\n\nTwo.\tThree\u200D.",
    ]);
  });

  it("notes refuse other controls and text-direction overrides (issue 37)", () => {
    for (const notes of ["One.\u202ETwo", "One.\u2066Two", "Bell\u0007", "C1\u0085", "Form\u000Cfeed"]) {
      expect(validateSubmission(values({ notes }))?.notes, JSON.stringify(notes)).toBe(
        "Please remove invisible, control or text-direction characters.",
      );
    }
  });

  it("the stored payload: every field by its form name, trimmed; checkboxes present means yes", () => {
    const parsed = parseWithZod(values({ name: "  Café  ", zip: " 97201 ", vegan: "on", vegan_only: "on" }), {
      schema: suggestionSchema,
    });
    expect(parsed.status).toBe("success");
    if (parsed.status !== "success") return;
    expect(parsed.value).toEqual({
      name: "Café",
      city: "B",
      state: "OR",
      address: "",
      zip: "97201",
      phone: "",
      website: "",
      submitter_email: "",
      submitter_phone: "",
      cuisine: "",
      notes: "",
      gluten_free: false,
      dairy_free: false,
      vegetarian: false,
      vegan: true,
      gluten_free_only: false,
      dairy_free_only: false,
      vegetarian_only: false,
      vegan_only: true,
      gf_dedicated_fryer: null,
      gf_separate_prep: null,
      gf_trained_staff: null,
    });
  });
});

describe("report validation", () => {
  const errors = (fields: Record<string, string>) => {
    const result = parseWithZod(formOf(fields), { schema: reportSchema });
    return result.status === "success" ? null : result.error;
  };

  it.each(["closed", "hours", "diet", "contact", "other"])("reason %s needs details", (reason) => {
    expect(errors({ reason })?.details).toEqual(["Please tell us what is wrong."]);
    expect(errors({ reason, details: "Shut since May." })).toBeNull();
  });

  it("confirm needs no details", () => {
    expect(errors({ reason: "confirm" })).toBeNull();
  });

  it("an unknown or missing reason is a field error", () => {
    expect(errors({ reason: "spam", details: "x" })?.reason).toEqual(["Please choose what is wrong."]);
    expect(errors({ details: "x" })?.reason).toEqual(["Please choose what is wrong."]);
  });

  it("details are at most 2,000 characters; the email is checked", () => {
    expect(errors({ reason: "other", details: "x".repeat(2001) })?.details).toEqual([
      "Please keep this under 2000 characters.",
    ]);
    expect(errors({ reason: "other", details: "x".repeat(2000) })).toBeNull();
    expect(errors({ reason: "confirm", submitter_email: "not-an-email" })?.submitter_email).toEqual([
      "Please enter a valid email address.",
    ]);
  });
});

describe("submission keys", () => {
  const suggestion = { kind: "restaurant" as const, payload: { name: "A", city: "B", state: "C" } };

  it("the same submission from the same client gives the same duplicate key; another, or another client's, another", async () => {
    const one = await submissionKeys(suggestion, "192.0.2.1");
    const again = await submissionKeys({ ...suggestion, payload: { ...suggestion.payload } }, "192.0.2.1");
    const other = await submissionKeys({ ...suggestion, payload: { ...suggestion.payload, city: "D" } }, "192.0.2.1");
    expect(again.dedupKey).toBe(one.dedupKey);
    expect(other.dedupKey).not.toBe(one.dedupKey);
    // Issue 37: two diners who send the same words are two submissions; one /64 is one client.
    expect((await submissionKeys(suggestion, "198.51.100.7")).dedupKey).not.toBe(one.dedupKey);
    expect((await submissionKeys(suggestion, "2001:db8:1:2::1")).dedupKey).toBe(
      (await submissionKeys(suggestion, "2001:db8:1:2::2")).dedupKey,
    );
    expect((await submissionKeys(suggestion, "2001:db8:1:2::1")).dedupKey).not.toBe(
      (await submissionKeys(suggestion, "2001:db8:1:3::1")).dedupKey,
    );
    const report = { kind: "report" as const, restaurantId: 1, reason: "hours" as const, payload: {} };
    const otherRestaurant = { ...report, restaurantId: 2 };
    expect((await submissionKeys(report, "x")).dedupKey).not.toBe(
      (await submissionKeys(otherRestaurant, "x")).dedupKey,
    );
  });

  it("the client key is per address and never the address itself", async () => {
    const a = await submissionKeys(suggestion, "192.0.2.1");
    const b = await submissionKeys(suggestion, "192.0.2.2");
    expect(a.clientKey).not.toBe(b.clientKey);
    expect(a.clientKey).not.toContain("192.0.2.1");
    expect(a.clientKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("the client is an IPv4 address, or an IPv6 address's /64", async () => {
    const key = async (address: string) => (await submissionKeys(suggestion, address)).clientKey;
    expect(await key("2001:db8:1:2::1")).toBe(await key("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(await key("2001:db8:1:2::1")).toBe(await key("2001:0DB8:0001:0002:0:0:0:abcd"));
    expect(await key("2001:db8:1:2::1")).not.toBe(await key("2001:db8:1:3::1"));
    expect(await key("::ffff:192.0.2.1")).toBe(await key("192.0.2.1"));
    expect(await key("192.0.2.1")).not.toBe(await key("192.0.2.2"));
  });

  it.each([
    ["192.0.2.1", "192.0.2.1"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["[2001:db8:a:b::7]", "2001:db8:a:b::/64"],
    ["::ffff:c000:0201", "192.0.2.1"],
    ["64:ff9b::192.0.2.1", "64:ff9b:0:0::/64"],
    ["unknown", "unknown"],
    ["2001:db8::1::2", "2001:db8::1::2"],
    ["1.2.3.256", "1.2.3.256"],
  ])("clientNetwork(%j) = %j", (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });

  it("ipv6Groups reads the forms of RFC 4291 and refuses others", () => {
    expect(ipv6Groups("::")).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups("1:2:3:4:5:6:7:8")).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Groups("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    for (const bad of ["1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "1::2::3", "12345::", "g::", "1:2:3:4:5:6:7::8"]) {
      expect(ipv6Groups(bad), bad).toBeNull();
    }
  });

  it("the client address is CF-Connecting-IP", () => {
    const request = new Request(URL_, { headers: { "CF-Connecting-IP": " 203.0.113.9 " } });
    expect(clientAddress(request)).toBe("203.0.113.9");
    expect(clientAddress(new Request(URL_))).toBe("unknown");
  });
});
