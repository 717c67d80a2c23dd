// The landing pages outside the US and their sitemaps on a real local D1 (./world-landing.ts).
import { loadFixture, useD1 } from "../support/d1";
import { describeWorldLanding, worldLandingRestaurants } from "./world-landing";

const d1 = useD1((db) => loadFixture(db, { restaurants: worldLandingRestaurants, photos: [], cuisines: ["Cafe"] }));

describeWorldLanding("D1", () => ({ DB: d1.db }));
