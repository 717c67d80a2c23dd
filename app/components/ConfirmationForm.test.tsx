// 'Ate here? Tell other diners' after a refused post (issue 37): a `seen` value the form does not
// offer (`seen=clean-kitchen`) gets its message beside the 'What did you see?' group, not only
// in the form's summary; the values the form offers stay ticked.
import { parseWithZod } from "@conform-to/zod";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { confirmationSchema } from "~/lib/submissions/confirmation-form";
import { visitMonths } from "~/lib/trust/confirmations";
import { ConfirmationForm } from "./ConfirmationForm";

async function renderAfter(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  const parsed = parseWithZod(form, { schema: confirmationSchema("2026-11") });
  expect(parsed.status).toBe("error");
  const result = parsed.reply();
  const handler = createStaticHandler([
    {
      id: "page",
      path: "/restaurant/1/confirm",
      Component: () => (
        <ConfirmationForm result={result} months={visitMonths("2026-11")} backTo="/restaurant/1" submitting={false} />
      ),
    },
  ]);
  const context = await handler.query(new Request("http://localhost/restaurant/1/confirm"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

/** The fieldset whose legend starts with `legend`. */
const group = (html: string, legend: string) =>
  [...html.matchAll(/<fieldset\b[^>]*>[\s\S]*?<\/fieldset>/g)]
    .map(([text]) => text)
    .find((text) => new RegExp(`<legend[^>]*>${legend}`).test(text)) ?? "";

describe("ConfirmationForm", () => {
  it("a 'seen' value the form does not offer: the message beside 'What did you see?'", async () => {
    const html = await renderAfter([
      ["condition", "celiac"],
      ["visited", "2026-10"],
      ["outcome", "ate-safely"],
      ["seen", "gf-menu"],
      ["seen", "clean-kitchen"],
    ]);
    const seen = group(html, "What did you see\\?");
    expect(seen).not.toBe("");
    expect(seen).toContain("Please choose from the list.");
    expect(seen).toMatch(/<fieldset aria-describedby="seen-error"/);
    // What the form offers and the diner ticked stays ticked.
    expect(seen).toMatch(/<input[^>]*checked=""[^>]*value="gf-menu"/);
  });
});
