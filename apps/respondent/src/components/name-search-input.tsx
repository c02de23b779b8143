import { RESPONDENT_MSG } from '@tieline/validation';

type NameSearchInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  describedBy: string | undefined;
  labelledBy?: string;
};

/** The search box for names of a respondent list (the start page's own name, a question's people). */
export function NameSearchInput({ id, value, onChange, describedBy, labelledBy }: NameSearchInputProps) {
  return (
    <input
      id={id}
      type="search"
      className="field h-11"
      placeholder={RESPONDENT_MSG.searchPlaceholder}
      value={value}
      autoComplete="off"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
