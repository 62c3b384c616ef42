/**
 * The setup kit: what every new-game screen is made of. A game's Setup.svelte keeps only its own
 * choices and puts them in these: `SetupDraft` (the seats and their names, the seed and the code's
 * message, a shared setup taken, the name rule), `SetupForm` (the frame, the reasons it cannot start and the
 * Start button), `PlayerCount` and `Choice` (labelled rows of choices), `ChoiceCard` (a card that
 * is one row of choices), `PlayerNames` (names and
 * remembered players), `SeedShare` with `SeedAndCode` (seed and setup code), `TableChecklist` and `TablePictureCard`
 * (who sits where, from the game's picture.ts);
 * `Later` around a card below the first screen draws it in its own turn (in-turn.ts).
 */
export { default as SetupForm } from './SetupForm.svelte';
export { default as Choice, type ChoiceOption } from './Choice.svelte';
export { default as ChoiceCard } from './ChoiceCard.svelte';
export { default as PlayerCount } from './PlayerCount.svelte';
export { default as TableChecklist } from './TableChecklist.svelte';
export { default as TablePictureCard } from './TablePictureCard.svelte';
export { default as PlayerNames } from '../PlayerNames.svelte';
export { default as SeedShare } from '../SeedShare.svelte';
export { SetupDraft } from './draft.svelte';
export { default as Toggle } from './Toggle.svelte';
export { default as Later } from './Later.svelte';
