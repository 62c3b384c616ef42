/**
 * The gift cards of the first Epic set, as the rulebook lists them (38). A designed deck and its
 * sideboard may hold 9 of them in total. Names are kept as printed; `cardKey` matches them however
 * a person types them.
 */
export const GIFT_CARDS: readonly string[] = [
  'At Any Price',
  'Battle Standard',
  'Bolt from the Blue',
  'Brush Aside',
  'Evil Dead',
  'Ferocious',
  'Flash Fire',
  'Forget the Past',
  'Full Moon',
  'Hand of Navec',
  'Hired Muscle',
  'I Own the Night',
  'Mask of the Many',
  'Naturalist',
  "Nature's Renewal",
  'Night Rise',
  'One-Eyed Sidekick',
  'Priestess',
  'Recruitment',
  'Rescue',
  'Ring of Will',
  'Rushing In',
  'Seaside Cave',
  'Second Wind',
  'Seize the Day',
  'Shelter',
  'Snowblind',
  'Stolen Memory',
  'Swarm',
  'Thought Stealer',
  'Thrust',
  'Timewalker',
  'Tranquil Retreat',
  'Walk it Off',
  'Werewolf',
  'Word of Summoning',
  'You Lack Faith',
  'You Were Saying?'
];

/**
 * The key a card name is compared by: case, curly quotes, hyphens and runs of spaces do not make
 * two names different ("walk it off" is "Walk It Off"; "One Eyed Sidekick" is "One-Eyed Sidekick").
 */
export function cardKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[-\u2010-\u2015]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const GIFT_KEYS = new Set(GIFT_CARDS.map(cardKey));

export function isGift(name: string): boolean {
  return GIFT_KEYS.has(cardKey(name));
}
