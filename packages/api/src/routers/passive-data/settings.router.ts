import { ZPassiveSettingsUpdate, ZPassiveSettingsView, ZPseudonymization } from '@tieline/validation';
import { getPseudonymization } from '../../services/passive-data/pseudonymize-preview';
import { getSettings, updateSettings } from '../../services/passive-data/settings';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];

// passiveData.settings: retention, refresh hour, exclusions, pseudonymization (spec §2 /passivedata/settings).
export const passiveSettingsRouter = router({
  get: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/settings', tags } })
    .output(ZPassiveSettingsView)
    .query(({ ctx }) => getSettings(ctx.deps, ctx.caller)),
  // The fields given are changed; the rest stay as they are. Switching pseudonymization on takes
  // `confirm: "Pseudonymize"`.
  update: passiveDataProcedure
    .meta({ openapi: { method: 'PUT', path: '/passiveData/settings', tags } })
    .input(ZPassiveSettingsUpdate)
    .output(ZPassiveSettingsView)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps, ctx.caller, input)),
  // What switching pseudonymization on rewrites and leaves alone, and the conversion's progress.
  pseudonymization: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/settings/pseudonymization', tags } })
    .output(ZPseudonymization)
    .query(({ ctx }) => getPseudonymization(ctx.deps, ctx.caller)),
});
