/** The test values of the Stripe double's microdeposit verification (shared with its hosted page). */
export const MICRODEPOSIT_DESCRIPTOR_CODE = "SM11AA";
export const MICRODEPOSIT_AMOUNTS = [32, 45] as const;
