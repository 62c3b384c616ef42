/** The shape of a turn checklist (StepChecklist.svelte), built by each game from its machine. */
export interface ChecklistStep {
  id: string;
  label: string;
  /** Rules section ids for this step (opened with one tap). */
  rules: string[];
}

export interface ChecklistStage {
  id: string;
  label: string;
  steps: ChecklistStep[];
}
