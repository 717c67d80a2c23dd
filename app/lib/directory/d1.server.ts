// The D1 (SQLite) adapter of the directory port. The count and the page of a search go
// to the database together in one batch: one round trip per page view.
import { buildListStatements, buildSearchStatements, type SearchStatements } from "./sqlite-search";
import { RESTAURANT_COLUMNS, cuisineRowSchema, photoRowSchema, restaurantRowSchema } from "./rows";
import { QUERY_TIMEOUT_MS, withDeadline } from "./deadline";
import { type Directory, type RestaurantPage } from "./port";

type Options = { timeoutMs?: number };

export function createD1Directory(db: D1Database, { timeoutMs = QUERY_TIMEOUT_MS }: Options = {}): Directory {
  async function runPage(label: string, { count, page }: SearchStatements): Promise<RestaurantPage> {
    const [countResult, pageResult] = await withDeadline(label, timeoutMs, () =>
      db.batch([db.prepare(count.sql).bind(...count.params), db.prepare(page.sql).bind(...page.params)]),
    );
    const total = Number((countResult?.results[0] as { total?: number } | undefined)?.total ?? 0);
    const restaurants = (pageResult?.results ?? []).map((row) => restaurantRowSchema.parse(row));
    return { restaurants, total };
  }

  return {
    async listCuisines() {
      const { results } = await withDeadline("list cuisines", timeoutMs, () =>
        db.prepare("SELECT name FROM cuisine_types ORDER BY name").all(),
      );
      return results.map((row) => cuisineRowSchema.parse(row));
    },

    listRestaurants(criteria) {
      return runPage("list restaurants", buildListStatements(criteria));
    },

    searchRestaurants(criteria) {
      return runPage("search restaurants", buildSearchStatements(criteria));
    },

    async getRestaurant(id) {
      const row = await withDeadline("get restaurant", timeoutMs, () =>
        db.prepare(`SELECT ${RESTAURANT_COLUMNS.join(", ")} FROM restaurants WHERE id = ?`).bind(id).first(),
      );
      return row ? restaurantRowSchema.parse(row) : null;
    },

    async listPhotos(restaurantId, limit) {
      const { results } = await withDeadline("list photos", timeoutMs, () =>
        db
          .prepare(
            "SELECT id, restaurant_id, url, created_at FROM restaurant_photos WHERE restaurant_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
          )
          .bind(restaurantId, limit)
          .all(),
      );
      return results.map((row) => photoRowSchema.parse(row));
    },
  };
}
