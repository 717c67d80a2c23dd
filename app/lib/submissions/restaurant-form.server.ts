// What the two diners' forms about one restaurant share ('Report a problem' and 'Ate here? Tell
// other diners', docs/routes.md): the restaurant the URL names, the loader's answer, and the
// action from the request's checks to the 303 back to the restaurant page.
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";
import { guard } from "../directory/index.server";
import { submissionsOf } from "../directory/stores.server";
import type { Notice, NoticeKey } from "../web/notices";
import { setFlash } from "../web/flash.server";
import { notFound, parseRestaurantId } from "../web/route.server";
import { HONEYPOT_FIELD } from "./fields";
import type { NewSubmission } from "../directory/submission-store";
import {
  NO_STORE,
  invalidAnswer,
  notStoredAnswer,
  publicFormLimit,
  readSubmission,
  storeSubmission,
} from "./submit.server";

type RouteArgs = Pick<LoaderFunctionArgs, "params" | "context">;

/** The restaurant the URL names: 404 when there is none (or the id is malformed), 410 when it has closed. */
async function restaurantOf({ params, context }: RouteArgs): Promise<{ id: number; name: string }> {
  const id = parseRestaurantId(params.id);
  if (id === null) notFound();
  const target = await guard(submissionsOf(context.cloudflare.env).reportTarget(id));
  if (!target) notFound();
  if (target.closedAt) throw data(null, { status: 410, statusText: "Gone", headers: NO_STORE });
  return { id: target.id, name: target.name };
}

/** The loader's answer: the restaurant (404, 410 as above) and what else the form needs; never cached. */
export async function restaurantFormData<Extra extends object>(args: RouteArgs, extra: Extra) {
  const restaurant = await restaurantOf(args);
  return data({ restaurant, ...extra }, { headers: NO_STORE });
}

type FormOptions<Schema extends z.ZodTypeAny> = {
  schema: Schema;
  /** What is stored for a valid form about the restaurant `restaurantId`. */
  submission: (restaurantId: number, value: z.output<Schema>) => NewSubmission;
  /** The form's message when the store failed (503). */
  failure: Notice;
  /** The notice the restaurant page shows once after the 303. */
  thanks: NoticeKey;
};

/**
 * The action: the request's checks (403, 415, 413 before the body is parsed; past 16 KB only
 * a valid form, up to the form's longest valid post: publicFormLimit), the restaurant
 * (404, 410), the schema (400), then the submission kept (429, 503; a bot that filled the
 * honeypot is answered as if it were, and nothing is kept) and 303 back to the restaurant.
 */
export async function restaurantFormAction<Schema extends z.ZodTypeAny>(
  args: RouteArgs & { request: Request },
  { schema, submission, failure, thanks }: FormOptions<Schema>,
) {
  const { request, context } = args;
  const form = await readSubmission(
    request,
    publicFormLimit(getZodConstraint(schema), (posted) => parseWithZod(posted, { schema }).status === "success"),
  );
  const { id } = await restaurantOf(args);
  const parsed = parseWithZod(form, { schema });
  if (parsed.status !== "success") return invalidAnswer(parsed);
  const stored = form.get(HONEYPOT_FIELD)
    ? "stored"
    : await storeSubmission(context.cloudflare.env, request, submission(id, parsed.value));
  if (stored !== "stored") return notStoredAnswer(parsed, stored, failure);
  return redirect(`/restaurant/${id}`, {
    status: 303,
    headers: { ...NO_STORE, "Set-Cookie": await setFlash(request, thanks) },
  });
}
