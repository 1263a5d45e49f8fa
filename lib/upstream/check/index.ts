export { CHECKS, type Check, type CheckClients } from "./checks";
export { PRODUCT_LABELS, runGoLiveCheck, type CheckRow, type GoLiveReport } from "./run";
export { resultOf, resultText, type CheckResult } from "./result";
export { formatReport } from "./format";
