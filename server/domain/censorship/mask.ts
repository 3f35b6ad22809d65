/** What a reader without access gets instead of a censored value (spec part 2, section 6). */
export const CENSORED_VALUE = '••••••';
