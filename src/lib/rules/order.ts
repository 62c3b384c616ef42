/** The order games appear in the rules reference. */
export const RULES_ORDER = ['titans', 'twilight', 'epic', 'wiz', 'theos'];
