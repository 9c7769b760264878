import { ApiError } from "@/lib/errors/api-error";

/** The 409 of a transition the intent's state does not allow. */
export function notPossibleIn(status: string, action: "confirmed" | "canceled"): ApiError {
  return new ApiError(
    "intent_state_conflict",
    `The donation intent is ${status}: it can be ${action} only while it requires a payment method${status === "canceled" ? " (it was canceled, or it expired)" : ""}.`,
  );
}
