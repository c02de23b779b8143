import { ZConnection, ZOffice365ConnectInput } from '@tieline/validation';
import { connectOffice365 } from '../../services/passive-data/connect-office365';
import { passiveDataProcedure, router } from '../../trpc';

const tags = ['passiveData'];
const errorResponses = {
  400: 'Invalid input, or Microsoft refused the credentials, a permission or a group',
  401: 'Not signed in',
  403: 'Not an Owner or Admin of the organization, or the passiveData module is off',
  409: 'This Microsoft tenant is already connected to the account',
  502: 'Microsoft could not be reached',
  500: 'Something went wrong',
};

/** passiveData.office365.*: Microsoft 365 connections (docs/microsoft-365-app.md). */
export const office365Router = router({
  connect: passiveDataProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/passiveData/connections/office365',
        tags,
        summary: "Connect a Microsoft 365 tenant by its app registration's credentials; its first sync is queued",
        errorResponses,
      },
    })
    .input(ZOffice365ConnectInput)
    .output(ZConnection)
    .mutation(({ ctx, input }) => connectOffice365(ctx.deps, ctx.caller, input)),
});
