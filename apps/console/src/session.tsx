import { createContext, useContext } from "react";
import type { Me } from "./api.ts";

export const SessionContext = createContext<{ me: Me; refresh: () => Promise<void> } | null>(null);

export function useSession() {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession outside the console's layout");
  return value;
}
