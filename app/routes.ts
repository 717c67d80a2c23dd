import { route, type RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

// The file routes, plus a city's page of restaurants serving one diet exclusively
// (/us/{st}/{city}/{diet}/dedicated, and outside the US /{cc}/{sub}/{city}/{diet}/dedicated),
// rendered by the city page's module: its loader reads the last segment and answers 404 for
// anything but `dedicated`.
export default (async () => [
  ...(await flatRoutes()),
  route("us/:state/:city/:diet/:only", "routes/us.$state.$city.($diet).tsx", {
    id: "routes/us.$state.$city.$diet.dedicated",
  }),
  route(":cc/:sub/:city/:diet/:only", "routes/$cc.$sub.$city.($diet).tsx", {
    id: "routes/$cc.$sub.$city.$diet.dedicated",
  }),
])() satisfies RouteConfig;
