// The city pages abroad on a real local D1 (./world-city-pages.ts).
import { loadFixture, useD1 } from "../support/d1";
import { describeWorldCityPages, worldCityPageRestaurants } from "./world-city-pages";

const d1 = useD1((db) => loadFixture(db, { restaurants: worldCityPageRestaurants, photos: [], cuisines: ["Cafe"] }));

describeWorldCityPages("D1", () => ({ DB: d1.db }));
