/**
 * How many consent sheets one agent (`client`; the app's UI counts as one)
 * may have open at once, detached ones included (they outlive their calls
 * until their deadline): a call that would open one more answers as
 * dismissed (`denied: consentNeeded`, its row), with no sheet.
 */
export const maxOpenSheetsPerAgent = 64;
