// Toasts (Radix Toast) for notices while JavaScript runs. Without JavaScript the same
// notices are server-rendered by <ServerNotice>.
import * as RadixToast from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type Notice = {
  title: string;
  description: string;
  variant?: "default" | "destructive";
};

type ToastItem = Notice & { id: number };

const ToastContext = createContext<(notice: Notice) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback((notice: Notice) => {
    setToasts((current) => [...current.slice(-2), { ...notice, id: nextId++ }]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="right" duration={6000}>
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root
            key={toast.id}
            type={toast.variant === "destructive" ? "foreground" : "background"}
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
              className="absolute right-2 top-2 rounded p-1 text-current hover:bg-black/10 focus-visible:outline focus-visible:outline-2 focus-visible:outline-current"
            >
              <span aria-hidden="true">×</span>
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="fixed bottom-0 right-0 z-50 m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
