// supabase/seed.sql on a fresh migrated database of its own.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startPglite } from "../support/pglite";

const root = join(import.meta.dirname, "..", "..");

describe("Supabase seed", () => {
  const seedPath = join(root, "supabase", "seed.sql");

  it("loads into the migrated schema, twice, and is searchable as anon", { timeout: 60_000 }, async () => {
    const sample = (await import("../../data/sample-data.mjs")) as {
      restaurants: { id: number; name: string }[];
      photos: unknown[];
      cuisines: string[];
    };
    const fresh = await startPglite();
    try {
      const seed = readFileSync(seedPath, "utf8");
      await fresh.exec(seed);
      await fresh.exec(seed); // re-runnable
      const counts = await fresh.query<{ restaurants: number; photos: number; cuisines: number }>(
        `select (select count(*)::int from public.restaurants) as restaurants,
                (select count(*)::int from public.restaurant_photos) as photos,
                (select count(*)::int from public.cuisine_types) as cuisines`,
      );
      expect(counts.rows[0]).toEqual({
        restaurants: sample.restaurants.length,
        photos: sample.photos.length,
        cuisines: sample.cuisines.length,
      });

      const result = await fresh.transaction(async (tx) => {
        await tx.exec("set local role anon");
        const { rows } = await tx.query<{ page: { total: number; restaurants: { name: string }[] } }>(
          "select public.find_restaurants(p_query := $1) as page",
          ["CAFE UNICODE"],
        );
        return rows[0]?.page;
      });
      expect(result?.restaurants.map((r) => r.name)).toContain("Café Ünïcode");

      // The identity sequences were moved past the seeded ids.
      const inserted = await fresh.query<{ id: number }>(
        "insert into public.restaurants (name) values ('After Seed') returning id",
      );
      expect(inserted.rows[0]?.id).toBeGreaterThan(Math.max(...sample.restaurants.map((r) => r.id)));
    } finally {
      await fresh.close();
    }
  });
});
