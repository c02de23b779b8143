import { ZPeoplePage, ZPeopleSearch } from '@tieline/validation';
import { listPeople } from '../../services/passive-data/people-list';
import { passiveDataProcedure, router } from '../../trpc';

// passiveData.people: the people the account's sources found, searched by name or email.
export const passivePeopleRouter = router({
  list: passiveDataProcedure
    .meta({ openapi: { method: 'GET', path: '/passiveData/people', tags: ['passiveData'] } })
    .input(ZPeopleSearch)
    .output(ZPeoplePage)
    .query(({ ctx, input }) => listPeople(ctx.deps, ctx.caller, input)),
});
