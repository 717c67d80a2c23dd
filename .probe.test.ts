import { it } from "vitest";
import { startPglite } from "./tests/support/pglite";
import { PGlite } from "@electric-sql/pglite";
it("probe", { timeout: 120000 }, async () => {
  const db = await startPglite();
  await db.exec(`insert into public.restaurants (name, cuisine_type, city, state, zip_code, is_vegan)
    select 'Restaurant ' || md5(i::text), (array['Thai','French','Mexican'])[1 + i % 3], 'City' || (i % 500), 'S' || (i % 50), lpad((i % 99999)::text, 5, '0'), i % 2 = 0
    from generate_series(1, 50000) i; analyze public.restaurants;`);
  const time = async (label: string, sql: string, params: any[] = []) => {
    const t = performance.now();
    for (let i = 0; i < 5; i++) await db.query(sql, params);
    console.log(label, ((performance.now() - t) / 5).toFixed(1), "ms");
  };
  await time("fn query abc12", "select public.search_restaurants(p_query := $1)", ["abc12"]);
  await time("fn query ab (short)", "select public.search_restaurants(p_query := $1)", ["ab"]);
  await time("fn zip", "select public.search_restaurants(p_zip := $1)", ["00042"]);
  await time("fn default list", "select public.search_restaurants()", []);
  await time("fn default list page 100", "select public.search_restaurants(p_offset := 2500)", []);
  await time("direct like", "select count(*) from public.restaurants where public.sb_fold(name) like $1", ["%abc12%"]);
  const plan = await db.query("explain select id from public.restaurants where public.sb_fold(name) like '%abc12%'");
  console.log(plan.rows.map((r: any) => r["QUERY PLAN"]).join("\n"));
});
