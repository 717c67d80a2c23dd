// What /saved and its KML and GPX read: the list a request names (`?ids=…`, or the visitor's
// `saved` cookie), its restaurants read by id in one directory call, in the list's order, with
// the ids the directory no longer has kept as entries of their own.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { directoryFor, guard } from "~/lib/directory/index.server";
import type { Restaurant } from "~/lib/directory/restaurant-rows";
import { parseSavedIds, savedIdsFromCookie } from "./saved-list";

/** One entry of a list: its restaurant, or null when the directory no longer lists it. */
export type SavedEntry = { id: number; restaurant: Restaurant | null };

/** The list a request names: shared (`?ids=`, the same for anyone) or the visitor's own (the cookie). */
export function requestedList(request: Request): { ids: number[]; shared: boolean } {
  const params = new URL(request.url).searchParams;
  if (params.has("ids")) return { ids: parseSavedIds(params.getAll("ids").join(",")), shared: true };
  return { ids: savedIdsFromCookie(request.headers.get("Cookie")) ?? [], shared: false };
}

export async function savedEntries(context: AppLoadContext, ids: readonly number[]): Promise<SavedEntry[]> {
  if (ids.length === 0) return [];
  const found = await guard(directoryFor(context).getRestaurantsByIds(ids));
  const byId = new Map(found.map((restaurant) => [restaurant.id, restaurant]));
  return ids.map((id) => ({ id, restaurant: byId.get(id) ?? null }));
}
