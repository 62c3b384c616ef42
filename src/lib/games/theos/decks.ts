/**
 * The rulebook's ready-made decks and roster sets, card by card. All of them use the four base
 * gods paired Poseidon/Gaia and Hades/Demeter. Decks in a group (and rosters in a set) never share
 * a card, so one Card Pool serves every player.
 */

/** A list written as the rulebook does, ids in a line: "P4 P8 D2". */
const ids = (list: string): readonly string[] => list.split(' ');

interface DeckList {
  id: string;
  name: string;
  /** Card ids. */
  cards: readonly string[];
}

type PrebuiltGroupId = 'tutorial' | 'feast-and-famine' | 'rites-gone-wrong' | 'four-seasons';
type RosterSetId = 'natures-balance' | 'clash-of-the-gods';

export interface DeckGroup<Id extends string = string> {
  id: Id;
  name: string;
  /** The player count the group is made for: one deck (or roster) each. */
  players: number;
  decks: readonly DeckList[];
}

export const PREBUILT_GROUPS: readonly DeckGroup<PrebuiltGroupId>[] = [
  {
    id: 'tutorial',
    name: 'Tutorial Game',
    players: 2,
    decks: [
      {
        id: 'demeters-guidance',
        name: "Demeter's Guidance",
        cards: ids('P4 P8 P9 P13 D2 D4 D5 D9 D12 D15 G1 G9')
      },
      {
        id: 'gaias-wisdom',
        name: "Gaia's Wisdom",
        cards: ids('D1 D10 H4 H5 H10 H11 G2 G3 G4 G11 G12 G13')
      }
    ]
  },
  {
    id: 'feast-and-famine',
    name: 'Feast and Famine',
    players: 2,
    decks: [
      {
        id: 'feast',
        name: 'Feast',
        cards: ids('P5 P10 D5 D7 D11 D13 H1 H11 G2 G6 G12 G13')
      },
      {
        id: 'famine',
        name: 'Famine',
        cards: ids('P3 P6 P9 P12 D1 D9 H3 H5 H12 H14 G3 G14')
      }
    ]
  },
  {
    id: 'rites-gone-wrong',
    name: 'Rites Gone Wrong',
    players: 3,
    decks: [
      {
        id: 'path-of-rebirth',
        name: 'Path of Rebirth',
        // The book prints "P4 Winds of Aeolus"; the app reads it as P3 (ruling-path-of-rebirth).
        cards: ids('P3 P11 D2 D6 D7 D9 D11 D15 H1 G2 G4 G12')
      },
      {
        id: 'city-of-legend',
        name: 'City of Legend',
        cards: ids('P2 P5 P8 P9 P10 P15 D1 H2 H7 H9 H12 G15')
      },
      {
        id: 'ill-omens',
        name: 'Ill Omens',
        cards: ids('P1 P14 D3 D14 H3 H8 H10 H11 G3 G7 G9 G13')
      }
    ]
  },
  {
    id: 'four-seasons',
    name: 'Four Seasons',
    players: 4,
    decks: [
      {
        id: 'spring',
        name: 'Spring',
        cards: ids('P4 P5 P11 P12 D6 D7 D9 D10 D14 H1 G4 G15')
      },
      {
        id: 'summer',
        name: 'Summer',
        // "G10 War of the Giant" in the book: War of the Giants (ruling-war-of-the-giants).
        cards: ids('P2 P8 P9 P13 P14 D1 H4 H11 G7 G8 G9 G10')
      },
      {
        id: 'fall',
        name: 'Fall',
        cards: ids('P1 D4 D13 H6 H7 H13 H14 G2 G5 G11 G13 G14')
      },
      {
        id: 'winter',
        name: 'Winter',
        cards: ids('P7 P10 D3 D8 D11 D15 H3 H8 H10 H12 H15 G1')
      }
    ]
  }
];

export const ROSTER_SETS: readonly DeckGroup<RosterSetId>[] = [
  {
    id: 'natures-balance',
    name: "Nature's Balance",
    players: 2,
    decks: [
      {
        id: 'bountiful-sea',
        name: 'Bountiful Sea',
        cards: ids(
          'P2 P4 P5 P8 P9 P11 P13 P15 D2 D4 D5 D7 D11 D12 D14 D15 H1 H2 H4 H7 H9 H10 H12 G1 G2 G4 G5 G9 G12 G15'
        )
      },
      {
        id: 'mysterious-earth',
        name: 'Mysterious Earth',
        cards: ids(
          'P1 P3 P6 P7 P10 P12 P14 D1 D3 D6 D8 D9 D10 D13 H3 H5 H6 H8 H11 H13 H14 H15 G3 G6 G7 G8 G10 G11 G13 G14'
        )
      }
    ]
  },
  {
    id: 'clash-of-the-gods',
    name: 'Clash of the Gods',
    players: 3,
    decks: [
      {
        id: 'gaias-bargain',
        name: "Gaia's Bargain",
        cards: ids('P1 P3 P7 P10 P12 D3 D6 D7 D9 D14 H2 H4 H5 H13 H14 G2 G8 G11 G12 G13')
      },
      {
        id: 'demeters-foresight',
        name: "Demeter's Foresight",
        cards: ids('P4 P5 P6 P13 P14 D2 D4 D11 D13 D15 H1 H6 H7 H9 H11 G4 G6 G7 G9 G14')
      },
      {
        id: 'unlikely-allies',
        name: 'Unlikely Allies',
        cards: ids('P2 P8 P9 P11 P15 D1 D5 D8 D10 D12 H3 H8 H10 H12 H15 G1 G3 G5 G10 G15')
      }
    ]
  }
];

export function prebuiltGroup(id: string | undefined): DeckGroup<PrebuiltGroupId> | undefined {
  return PREBUILT_GROUPS.find((g) => g.id === id);
}

export function rosterSet(id: string | undefined): DeckGroup<RosterSetId> | undefined {
  return ROSTER_SETS.find((g) => g.id === id);
}
