import { MODULE_LABELS, MODULES, type TModuleName, type TModules } from '@tieline/validation';

type ModuleInfo = { name: TModuleName; label: string; path: string; description: string };

/** Display data for the modules, in landing order (spec §2, §9). */
export const MODULE_INFO: Record<TModuleName, ModuleInfo> = {
  networks: {
    name: 'networks',
    label: MODULE_LABELS.networks,
    path: '/networks',
    description: 'create and explore networks here.',
  },
  surveys: {
    name: 'surveys',
    label: MODULE_LABELS.surveys,
    path: '/surveys',
    description: 'build network surveys, send them to respondents and follow the responses here.',
  },
  passiveData: {
    name: 'passiveData',
    label: MODULE_LABELS.passiveData,
    path: '/passivedata',
    description: 'connect Slack and Microsoft 365 and turn their activity into networks here.',
  },
  meltwater: {
    name: 'meltwater',
    label: MODULE_LABELS.meltwater,
    path: '/meltwater',
    description: 'turn Meltwater media exports into networks of who mentions, replies to and reposts whom here.',
  },
  AONA: {
    name: 'AONA',
    label: MODULE_LABELS.AONA,
    path: '/aona',
    description: 'compare formal and informal networks and find your brokers, connectors and energizers here.',
  },
  discover: {
    name: 'discover',
    label: MODULE_LABELS.discover,
    path: '/discover',
    description: 'start from published and example networks, described and ready to copy, here.',
  },
};

export function enabledModules(modules: TModules | undefined): ModuleInfo[] {
  return MODULES.filter((m) => modules?.[m]?.enabled).map((m) => MODULE_INFO[m]);
}
