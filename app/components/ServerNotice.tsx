// A notice from the loader: a toast once the page runs JavaScript, and the same title and
// text server-rendered inside <noscript> for browsers that run none.
import { useEffect, useRef } from "react";
import type { Notice } from "~/lib/web/notices";
import { useToast } from "./ui/toast";

export function ServerNotice({ notice }: { notice: Notice | null | undefined }) {
  const toast = useToast();
  const shown = useRef<Notice | null>(null);
  useEffect(() => {
    if (notice && shown.current !== notice) {
      shown.current = notice;
      toast(notice);
    }
  }, [notice, toast]);

  if (!notice) return null;
  const destructive = notice.variant === "destructive";
  return (
    <noscript>
      <div
        role={destructive ? "alert" : "status"}
        data-testid="server-notice"
        className={`mx-auto mt-4 max-w-3xl rounded-lg border p-4 ${
          destructive ? "border-red-800 bg-red-50 text-red-900" : "border-emerald-800 bg-emerald-50 text-emerald-900"
        }`}
      >
        <p className="font-semibold">{notice.title}</p>
        <p className="text-sm">{notice.description}</p>
      </div>
    </noscript>
  );
}
