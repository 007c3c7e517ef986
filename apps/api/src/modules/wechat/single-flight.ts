/** The store the signer keeps WeChat's credentials in: the shared single-flight store (`lib/`). */
export {
  type CredentialStore,
  type Fresh,
  failureBackoffMs,
  inProcessCredentialStore,
} from "../../lib/single-flight.ts";
