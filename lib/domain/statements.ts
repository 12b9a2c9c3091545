/** The longest period a settlement statement covers, in days (the gateway's bound and the form's). */
export const STATEMENT_MAX_DAYS = 366;
