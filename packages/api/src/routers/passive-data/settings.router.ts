import { ZPassiveSettings, ZPassiveSettingsView } from '@tieline/validation';
import { getSettings, updateSettings } from '../../services/passive-data/settings';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];

// passiveData.settings: retention, refresh hour, exclusions, pseudonymization (spec §2 /passivedata/settings).
export const passiveSettingsRouter = router({
  get: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/settings', tags } })
    .output(ZPassiveSettingsView)
    .query(({ ctx }) => getSettings(ctx.deps, ctx.caller)),
  // The fields given are changed; the rest stay as they are.
  update: passiveDataProcedure
    .meta({ openapi: { method: 'PUT', path: '/passiveData/settings', tags } })
    .input(ZPassiveSettings.partial())
    .output(ZPassiveSettingsView)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps, ctx.caller, input)),
});
