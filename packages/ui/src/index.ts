export { cn } from './cn';
export { Alert, AlertDescription, type AlertProps, AlertTitle, Banner } from './components/alert';
export { Badge, badgeVariants } from './components/badge';
export { Button, type ButtonProps, buttonVariants } from './components/button';
export { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './components/card';
export { Checkbox } from './components/checkbox';
export {
  actionsColumn,
  DataTable,
  type DataTableColumn,
  type DataTableSelection,
  type DataTableSort,
} from './components/data-table';
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './components/dialog';
export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './components/dropdown-menu';
export { FieldError } from './components/field-error';
export { type FieldControlProps, FormField } from './components/form-field';
export { fieldClasses, Input } from './components/input';
export { Label } from './components/label';
export { Pager, type PagerProps } from './components/pager';
export { ProductIcon, Wordmark } from './components/product-logo';
export { Progress } from './components/progress';
export { RadioGroup, RadioGroupItem } from './components/radio-group';
export { SelectField } from './components/select-field';
export { Spinner } from './components/spinner';
export { Switch } from './components/switch';
export { Textarea } from './components/textarea';
export { Toaster, toast } from './components/toaster';
export { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './components/tooltip';
export { useFavicon } from './use-favicon';
