import type { EmulatorContext } from "../core/context";
import type { StateRecords } from "../core/state-parts";
import { StatePersister } from "./persister";
import { StateFile, type SavedRecords } from "./state-file";

// The emulator's whole state in one SQLite file (config.stateFile, env EMULATOR_STATE_FILE):
// opened before the context is built (its parts load as they register), saved after every
// request that changed something (save-before-answer.ts) and after every background task.

export { readEmulatorInstanceId } from "./instance-id";
export { saveBeforeAnswering } from "./save-before-answer";
export type { StatePersister } from "./persister";

export type OpenedState = {
  /** The saved parts, parsed; hand them to `new EmulatorContext(config, saved)`. */
  saved: Map<string, StateRecords>;
  instanceId: string;
  /** Starts saving the context's parts: after each background task, and whenever `save()` is called. */
  attach(ctx: EmulatorContext): StatePersister;
};

export function openState(path: string, seed: number): OpenedState {
  const file = new StateFile(path, seed);
  let written: SavedRecords;
  let saved: Map<string, StateRecords>;
  try {
    written = file.read();
    saved = new Map(
      [...written].map(([part, records]) => [
        part,
        new Map([...records].map(([key, json]) => [key, JSON.parse(json) as unknown])),
      ]),
    );
  } catch (error) {
    file.close();
    throw error;
  }
  return {
    saved,
    instanceId: file.instanceId,
    attach(ctx) {
      const persister = new StatePersister(ctx.parts, file, written);
      ctx.scheduler.onTaskDone(() => {
        try {
          persister.save();
        } catch (error) {
          console.error("[emulator] could not save the state file after a background task:", error);
        }
      });
      return persister;
    },
  };
}
