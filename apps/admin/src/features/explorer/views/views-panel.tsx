import { Button, Input, Label, toast } from '@tieline/ui';
import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/errors';
import type { TExplorerState } from '../explorer-state';
import type { TSavedView, TViews } from './use-views';

/** Named saved states of the drawing, shared with everyone who can see the network. */
export function ViewsPanel({
  views,
  current,
  canEdit,
  basePath,
  snapshot,
}: {
  views: TViews;
  current: TSavedView | null;
  canEdit: boolean;
  basePath: string;
  snapshot: () => TExplorerState;
}) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  const nameId = useId();
  const attempt = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="flex flex-col gap-4 text-sm">
      {canEdit ? (
        <form
          className="flex flex-col gap-1.5"
          onSubmit={(e) => {
            e.preventDefault();
            const n = name.trim();
            if (!n) return;
            void attempt(async () => {
              const view = await views.create(n, snapshot());
              setName('');
              navigate(`${basePath}/${view._id}`);
            }, 'View saved');
          }}
        >
          <Label htmlFor={nameId}>New view</Label>
          <div className="flex gap-2">
            <Input id={nameId} className="h-8" maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
            <Button size="sm" type="submit" disabled={!name.trim()}>
              Save
            </Button>
          </div>
        </form>
      ) : null}
      {current && canEdit ? (
        // A long name wraps inside the button (the panel is narrow), whole, never cut off at its edge.
        <Button
          size="sm"
          variant="outline"
          className="h-auto min-h-8 whitespace-normal py-1.5 text-left [overflow-wrap:anywhere]"
          onClick={() => void attempt(() => views.update(current, { state: snapshot() }), 'View updated')}
        >
          Update “{current.name}”
        </Button>
      ) : null}
      <Link to={`${basePath}/resetView`} className="text-primary underline underline-offset-4">
        Reset view
      </Link>
      <section aria-labelledby="views-heading">
        <h2 id="views-heading" className="mb-1 font-semibold">
          Saved views
        </h2>
        {views.list.length === 0 ? (
          <p className="text-muted-foreground">{views.loading ? 'Loading…' : 'No saved views yet.'}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {views.list.map((v) => (
              <li key={v._id} className="flex items-center gap-1">
                {renaming === v._id ? (
                  <form
                    className="flex flex-1 gap-1"
                    onSubmit={(e) => {
                      e.preventDefault();
                      const n = newName.trim();
                      if (n) void attempt(() => views.update(v, { name: n }));
                      setRenaming(null);
                    }}
                  >
                    <Input
                      aria-label={`New name for ${v.name}`}
                      className="h-7"
                      autoFocus
                      value={newName}
                      onChange={(e) => setNewName(e.target.value)}
                    />
                    <Button size="sm" type="submit" className="h-7">
                      Rename
                    </Button>
                  </form>
                ) : (
                  <>
                    <Link
                      to={`${basePath}/${v._id}`}
                      aria-current={current?._id === v._id ? 'page' : undefined}
                      className="flex-1 truncate rounded px-1.5 py-0.5 hover:bg-muted aria-[current=page]:font-semibold"
                    >
                      {v.name}
                    </Link>
                    {canEdit ? (
                      <>
                        <Button
                          size="icon"
                          variant="ghost"
                          className="size-7"
                          aria-label={`Rename ${v.name}`}
                          onClick={() => {
                            setRenaming(v._id);
                            setNewName(v.name);
                          }}
                        >
                          <Pencil aria-hidden="true" className="size-3.5" />
                        </Button>
                        <Button
                          size="icon"
                          variant="ghost"
                          className="size-7"
                          aria-label={`Delete ${v.name}`}
                          onClick={() =>
                            void attempt(async () => {
                              await views.remove(v);
                              if (current?._id === v._id) navigate(basePath);
                            }, 'View deleted')
                          }
                        >
                          <Trash2 aria-hidden="true" className="size-3.5" />
                        </Button>
                      </>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
