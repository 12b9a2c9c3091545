/**
 * The currencies the network carries: ISO 4217's List One as SIX published it on 2026-09-17 (178
 * codes: national currencies, the euro and the regional ones, fund codes, precious metals and
 * units of account), less XXX, the code for "no currency". A code outside it is refused with 400
 * wherever a currency is given (a payment, a return, the operator's liquidity, a filter): an
 * invented code opened liquidity no one had configured (docs/decisions.md, "Currencies"). Their
 * minor units are `currencyExponent`'s (lib/domain/money.ts). A module of its own so that the
 * dashboard's first loads, which format money, do not carry the list.
 */
const ISO_4217 = new Set(
  [
    'AED AFN ALL AMD AOA ARS AUD AWG AZN BAM BBD BDT BHD BIF BMD BND BOB BOV BRL BSD',
    'BTN BWP BYN BZD CAD CDF CHE CHF CHW CLF CLP CNY COP COU CRC CUP CVE CZK DJF DKK',
    'DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF',
    'IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT LAK LBP',
    'LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN NAD',
    'NGN NIO NOK NPR NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD',
    'SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD',
    'TWD TZS UAH UGX USD USN UYI UYU UYW UZS VED VES VND VUV WST XAD XAF XAG XAU XBA',
    'XBB XBC XBD XCD XCG XDR XOF XPD XPF XPT XSU XTS XUA YER ZAR ZMW ZWG',
  ]
    .join(' ')
    .split(' '),
);

/** Whether `code` is a currency the network carries (upper case, as the wire writes it). */
export function isCurrency(code: string): boolean {
  return ISO_4217.has(code);
}

/**
 * The largest amount of one payment or return, in minor units: 10^15 (10 trillion in a currency
 * with two decimals). Far below what a bigint holds (9.2 × 10^18), so that the sums the network
 * keeps of many payments — positions, balances, a batch's nets — stay within their type with the
 * bounds of lib/domain/liquidity.ts (docs/decisions.md, "Money that cannot overflow"). A
 * deployment may set a lower one (PAYMENT_MAX_MINOR_UNITS).
 */
export const MAX_PAYMENT_MINOR = 10n ** 15n;

/**
 * The bound of every running sum of a participant's liquidity, in minor units: 10^18. A
 * position never moves further than this from the balance (a debit past `balance + bound`, a
 * credit below `balance − bound`, is refused at admission), and a balance never leaves ±bound
 * (funds that would are refused), so a cut-off's nets and the balances they move stay within a
 * bigint. A cap is at most this.
 */
export const MAX_LIQUIDITY_MINOR = 10n ** 18n;
