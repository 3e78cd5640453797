/**
 * The card payment form's fixed lists (SPEC §3): months January to December, years 2025 to
 * 2035. Apart from the form's rules so the cashier page can use them without the phone
 * library those rules load.
 */
export const payMonths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const payYears = [2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035] as const;
