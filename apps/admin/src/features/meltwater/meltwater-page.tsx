import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Label,
  RadioGroup,
  RadioGroupItem,
  Textarea,
} from '@tieline/ui';
import { MELTWATER_LIMITS, MELTWATER_MSG, type TMeltwaterResult } from '@tieline/validation';
import { useState } from 'react';
import { FileField, UploadProgress } from '../../components/file-field';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { exportProblem, nameProblem, sendMeltwaterExport } from './meltwater-request';
import { MeltwaterResult } from './meltwater-result';

type TSource = 'file' | 'paste';
type TProblems = { name?: string; export?: string; request?: string };

/**
 * /meltwater (spec platform §2, §7; issue 24): a Meltwater export, as a file or pasted JSON, becomes a
 * directed network of who mentions, replies to and reposts whom (docs/meltwater.md); the page shows
 * what was read and links to the network in the explorer.
 */
export function MeltwaterPage() {
  useDocumentTitle('Meltwater');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('Meltwater network');
  const [source, setSource] = useState<TSource>('file');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [problems, setProblems] = useState<TProblems>({});
  const [result, setResult] = useState<TMeltwaterResult | null>(null);

  const submit = async () => {
    setResult(null);
    const found: TProblems = {};
    const badName = nameProblem(name);
    if (badName) found.name = badName;
    let text = pasted;
    if (source === 'file') {
      if (!file) found.export = MELTWATER_MSG.fileRequired;
      else if (file.size > MELTWATER_LIMITS.textMaxBytes) found.export = MELTWATER_MSG.tooLarge;
      else text = await file.text();
    }
    found.export ??=
      exportProblem(text, source === 'file' ? MELTWATER_MSG.notJson : MELTWATER_MSG.exportRequired) ?? undefined;
    setProblems(found);
    if (found.name || found.export) return;
    setPercent(0);
    const answer = await sendMeltwaterExport(name, text, setPercent);
    setPercent(null);
    if (!answer.ok) return setProblems({ request: answer.message });
    setResult(answer.result);
    await queryClient.invalidateQueries({ queryKey: trpc.networks.list.queryKey() });
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 p-6">
      <h1 className="text-2xl font-semibold">Meltwater</h1>
      <Card>
        <CardHeader>
          <CardTitle>Make a network from a Meltwater export</CardTitle>
          <CardDescription>
            Export documents from Meltwater as JSON (an array of documents, an object with “documents”, or one document
            per line), up to 20 MB. Tieline links each author to the people they mention, reply to and repost.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void submit();
            }}
          >
            <FormField label="Network name" error={problems.name}>
              {(p) => <Input {...p} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />}
            </FormField>
            <RadioGroup
              value={source}
              onValueChange={(v) => setSource(v as TSource)}
              className="flex gap-6"
              aria-label="How to give the export"
            >
              <div className="flex items-center gap-2">
                <RadioGroupItem value="file" id="meltwater-source-file" />
                <Label htmlFor="meltwater-source-file">Upload a file</Label>
              </div>
              <div className="flex items-center gap-2">
                <RadioGroupItem value="paste" id="meltwater-source-paste" />
                <Label htmlFor="meltwater-source-paste">Paste JSON</Label>
              </div>
            </RadioGroup>
            {source === 'file' ? (
              <FileField
                label="Export file"
                accept=".json,.ndjson,.txt,application/json,application/x-ndjson,text/plain"
                hint=".json, .ndjson or .txt, up to 20 MB"
                error={problems.export}
                onFile={setFile}
              />
            ) : (
              <FormField label="Export JSON" error={problems.export}>
                {(p) => (
                  <Textarea
                    {...p}
                    rows={10}
                    className="font-mono text-xs"
                    placeholder='[{"author": {"handle": "@ann"}, "content": {"text": "Hello @ben"}}]'
                    value={pasted}
                    onChange={(e) => setPasted(e.target.value)}
                  />
                )}
              </FormField>
            )}
            <UploadProgress percent={percent} said />
            {problems.request ? (
              <p role="alert" className="text-sm text-destructive">
                {problems.request}
              </p>
            ) : null}
            <div>
              <Button type="submit" disabled={percent !== null}>
                {percent !== null ? 'Making the network…' : 'Make network'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      {result ? <MeltwaterResult result={result} /> : null}
    </div>
  );
}
