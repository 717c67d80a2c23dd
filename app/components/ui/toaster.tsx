// The Radix Toast rendering of the notices in <ToastProvider>. Loaded on first use, so
// pages that never show a toast do not download Radix.
import * as RadixToast from "@radix-ui/react-toast";
import type { ToastItem } from "~/lib/web/notices";

export default function Toaster({ toasts, dismiss }: { toasts: ToastItem[]; dismiss: (id: number) => void }) {
  return (
    <RadixToast.Provider swipeDirection="right" duration={6000}>
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          type={toast.variant === "destructive" ? "foreground" : "background"}
          // A refused submission stays until the visitor closes it.
          {...(toast.persistent ? { duration: Infinity } : {})}
          onOpenChange={(open) => {
            if (!open) dismiss(toast.id);
          }}
          className={`toast-root pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg ${
            toast.variant === "destructive"
              ? "border-red-800 bg-red-700 text-white"
              : "border-slate-200 bg-white text-slate-900"
          }`}
          data-variant={toast.variant ?? "default"}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>
            <RadixToast.Description className="text-sm">{toast.description}</RadixToast.Description>
          </div>
          <RadixToast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 text-current hover:bg-black/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-current"
          >
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
