import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Button,
  buttonVariants,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  SelectField,
  Spinner,
  toast,
} from '@tieline/ui';
import { NETWORK_FILE_TYPES } from '@tieline/validation';
import { ClipboardList, Download, Share2, Sparkles, Upload } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCreateSurveyNetwork } from '../../components/create-network-button';
import { DialogActions } from '../../components/dialog-actions';
import { trackEvent } from '../../lib/analytics';
import { useTRPC } from '../../lib/trpc';
import { exampleNetworkJson } from './example-network';
import { FILE_TYPE_INFO, templateUrl } from './network-files';
import { uploadNetwork } from './upload-network-request';

const EXAMPLE_NAME = 'Example network';

/** No networks yet: the three ways to start (a file, a template, a survey) and the example network. */
export function EmptyNetworks({ onCreated }: { onCreated: () => void }) {
  const [fromSurvey, setFromSurvey] = useState(false);
  const navigate = useNavigate();
  const example = useMutation({
    mutationFn: async () => {
      const outcome = await uploadNetwork({
        name: EXAMPLE_NAME,
        fileType: 'json',
        directed: true,
        file: new Blob([exampleNetworkJson()], { type: 'application/json' }),
        fileName: 'example-network.json',
        onProgress: () => {},
      });
      if (!outcome.ok) throw new Error(outcome.payload.message);
      return outcome.network;
    },
    onSuccess: (network) => {
      trackEvent('network created');
      toast.success(`Added “${network.name}”`);
      onCreated();
      void navigate('/networks', { state: { created: network._id } });
    },
  });

  return (
    <Card className="mx-auto mt-6 w-full max-w-3xl">
      <CardContent className="flex flex-col gap-6 p-6 sm:p-10">
        <div className="flex flex-col items-center gap-3 text-center">
          <div className="rounded-full bg-accent p-3 text-accent-foreground [&_svg]:size-7">
            <Share2 aria-hidden="true" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">No networks yet</h1>
          <p className="max-w-prose text-muted-foreground">
            A network is people (nodes) and the ties between them (edges). Start from a file you have, a template, or
            the answers to one of your surveys.
          </p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3">
          <Way icon={<Upload aria-hidden="true" />} title="Upload a file">
            <p>An Excel workbook, GEXF, GraphML or JSON file.</p>
            <Link to="/networks/add" className={buttonVariants()}>
              Upload a network
            </Link>
          </Way>
          <Way icon={<Download aria-hidden="true" />} title="Fill in a template">
            <p>Download a template, add your people and ties, then upload it.</p>
            <div className="flex flex-wrap justify-center gap-x-3 gap-y-1">
              {NETWORK_FILE_TYPES.map((t) => (
                <a key={t} href={templateUrl(t)} download className="text-sm text-primary underline underline-offset-4">
                  {FILE_TYPE_INFO[t].label}
                  <span className="sr-only"> template</span>
                </a>
              ))}
            </div>
          </Way>
          <Way icon={<ClipboardList aria-hidden="true" />} title="From a survey">
            <p>One layer for each relationship question, updated as answers arrive.</p>
            <Button variant="outline" onClick={() => setFromSurvey(true)}>
              Choose a survey
            </Button>
          </Way>
        </ul>
        <div className="flex flex-col items-center gap-2 border-t border-border pt-6 text-center">
          <p className="text-muted-foreground">
            Just looking? Add an example network of 18 people in three teams to explore.
          </p>
          <Button variant="secondary" disabled={example.isPending} onClick={() => example.mutate()}>
            <Sparkles aria-hidden="true" /> {example.isPending ? 'Adding…' : 'Add the example network'}
          </Button>
        </div>
      </CardContent>
      <FromSurveyDialog open={fromSurvey} onOpenChange={setFromSurvey} />
    </Card>
  );
}

function Way({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex flex-col items-center gap-2 rounded-lg border border-border p-4 text-center text-sm">
      <div className="text-primary [&_svg]:size-6">{icon}</div>
      <h2 className="text-base font-semibold">{title}</h2>
      <div className="flex flex-1 flex-col items-center justify-between gap-3 text-muted-foreground">{children}</div>
    </li>
  );
}

/** Pick one of the person's surveys and make its network. */
export function FromSurveyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const surveys = useQuery({ ...trpc.surveys.list.queryOptions({}), enabled: open });
  const [chosen, setChosen] = useState('');
  const create = useCreateSurveyNetwork();
  const options = surveys.data ?? [];
  const surveyId = chosen || options[0]?._id || '';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Network from a survey</DialogTitle>
          <DialogDescription>
            The survey's relationship questions become layers; its respondents and the people they name become nodes.
          </DialogDescription>
        </DialogHeader>
        {surveys.isPending ? (
          <Spinner label="Loading surveys" showLabel />
        ) : options.length === 0 ? (
          <p className="text-muted-foreground">
            You have no surveys yet.{' '}
            <Link to="/surveys" className="text-primary underline underline-offset-4">
              Create a survey
            </Link>{' '}
            and come back once answers arrive.
          </p>
        ) : (
          <SelectField
            label="Survey"
            value={surveyId}
            options={options.map((s) => ({ value: s._id, label: s.name }))}
            onChange={setChosen}
          />
        )}
        <DialogActions
          onCancel={() => onOpenChange(false)}
          submitLabel="Create network"
          busy={create.isPending}
          busyLabel="Creating…"
          disabled={!surveyId}
          onSubmit={() => create.mutate({ surveyId })}
        />
      </DialogContent>
    </Dialog>
  );
}
