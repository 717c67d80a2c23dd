// The restaurant page's way to 'Report a problem' (docs/routes.md).
import { Link } from "@remix-run/react";

export function ReportProblemLink({ restaurantId }: { restaurantId: number }) {
  return (
    <p className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-700">
      Something out of date or wrong here?{" "}
      <Link
        to={`/restaurant/${restaurantId}/report`}
        className="font-semibold text-emerald-800 underline"
        data-testid="report-problem"
      >
        Report a problem
      </Link>
    </p>
  );
}
