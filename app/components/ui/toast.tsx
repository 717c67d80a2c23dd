// Toasts for notices while JavaScript runs (Radix Toast, in ./toaster, loaded on the first
// notice). Without JavaScript the same notices are server-rendered by <ServerNotice>.
import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from "react";
import type { Notice, ToastItem } from "~/lib/web/notices";

const Toaster = lazy(() => import("./toaster"));

const ToastContext = createContext<(notice: Notice) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback((notice: Notice) => {
    // A notice of a flow replaces the one before it ('Location found!' after 'Getting your location...').
    setToasts((current) => [
      ...current.filter((toast) => !notice.flow || toast.flow !== notice.flow).slice(-2),
      { ...notice, id: nextId++ },
    ]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
