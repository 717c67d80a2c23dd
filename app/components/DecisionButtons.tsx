// The last row of a decision form on the review queue: approve (what approving does, in
// `approve`) and reject, which skips the browser's checks of the edit fields: a submission can
// be rejected whatever its fields hold.
import { primaryButton, secondaryButton } from "./ui/styles";

export function DecisionButtons({ approve }: { approve: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" name="decision" value="approve" className={primaryButton}>
        {approve}
      </button>
      <button type="submit" name="decision" value="reject" className={secondaryButton} formNoValidate>
        Reject
      </button>
    </div>
  );
}
