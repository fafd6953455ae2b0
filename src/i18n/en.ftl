# English, the reference language: every other language has exactly these messages.
#
# Fluent (https://projectfluent.org/fluent/guide/): `id = text`; `{ $name }` is a value the
# portal puts in, already formatted for the language (numbers, money, dates); a message with two
# or more values names them in order in its comment (`# $first, $last, $total`).
# `{ $count -> [one] … *[other] … }` chooses by the CLDR plural form of the number, and a
# language gives every form of `language-plural-forms`. Checked when the portal is built.

language-name = English
# The locale numbers are formatted in and plural forms chosen by (the browser's Intl).
language-locale = en-GB
# How a date and time reads (chrono's strftime): ISO order, unambiguous, and what the filter and
# range inputs accept.
language-date-time-pattern = %Y-%m-%d %H:%M:%S
# The CLDR plural categories of the language (the portal's tests compare them with the browser's).
language-plural-forms = one other

nav-overview = Overview
nav-origination = Origination
nav-quality = Quality
nav-active-calls = Active calls
nav-cps-chart = CPS chart
nav-termination = Termination
nav-termination-quality = Termination quality
nav-termination-active-calls = Termination active calls
nav-live-calls = Live calls
nav-statement = Month's statement
nav-watch = Alerts
nav-sections-label = Sections
section-overview = Overview
section-account-and-money = Account & money
section-calls = Calls
section-statistics = Statistics
section-rates = Rates
section-reference = Reference
not-available-title = Not available for your account
not-available-text = Your provider has not made this page available for your account.
# The access profile (GET /profiles) failed: its pages wait for it, with a Retry.
profile-failed = Your access profile could not be read, so the pages it governs are not shown yet.
skip-to-content = Skip to content
signed-in = Signed in
sign-out = Sign out
menu = Menu
language-label = Language
theme-label = Theme
theme-system = System theme
theme-light = Light
theme-dark = Dark
time-zone-label = Time zone
time-zone-local = Local time
time-zone-local-named = Local time ({ $zone })
time-zone-utc = UTC
redirecting-to-sign-in = Redirecting to sign-in…
## Embedded, waiting for the parent page's token
embed-waiting = Waiting to be signed in by
embed-waiting-expired = Your session has expired. Waiting for a new one from
embed-waiting-rejected = The server refused the session. Waiting for a new one from
embed-waiting-signed-out = You signed out. Waiting to be signed in again by
embed-parent-unknown = the page around the portal
embed-sign-in-here = Sign in here instead

## The operator's support desk (config.json `support`): the header's Help, the sign-in page, error pages
help = Help
support-title = Support
support-email = Email
support-phone = Phone
support-web = Help centre
support-hours = Hours
cant-sign-in = Can't sign in?
cant-sign-in-text = Your provider's support desk can help you sign in.
# Under a server error: when it happened (a timestamp with its zone), for the support desk.
error-time-for-support = This happened at { $time }. If it goes on, tell the support desk this time.
payment-failed-help = Payment did not go through? The support desk can help.
not-available-help = To have this page opened for your account, ask the support desk.

## Start-up failure and the crash page
config-error-title = The portal is not configured correctly
config-error-hint = If you run this portal, check config.json. Otherwise, please tell your provider.
config-reload = Reload
framing-refused-title = This portal cannot be shown here
framing-refused-text = This page shows the portal inside another site that its operator has not allowed to embed it, so it shows nothing of your account here.
framing-refused-open = Open the portal in its own tab
config-missing = config.json was not found next to the portal (HTTP { $status }). Deploy it beside index.html.
config-unreachable = config.json could not be loaded: { $reason }
config-malformed = config.json is not valid JSON: { $reason }
config-invalid = config.json has a wrong value: { $reason }
crash-title = Something went wrong
crash-text = The portal hit an unexpected problem and stopped. Reloading the page usually helps; your data on the server is not affected.
crash-reload = Reload the page

## Sign-in page and session notices
sign-in = Sign in
login-label = Login
password-label = Password
keep-signed-in = Keep me signed in on this device
signing-in = Signing in…
enter-login-and-password = Enter your login and password.
token-sign-in = Sign in with a token
token-hint = Your provider can issue a token for you. It is kept in this browser only.
token-label = Token
use-token = Use this token
paste-token-first = Paste a token first.
token-not-jwt = This is not a token: expected three parts separated by dots
token-unreadable = The token's contents cannot be read: { $reason }
token-already-expired = This token has already expired
session-expired = Your session has expired. Please sign in again.
signed-out-by-server = You were signed out: { $message } Please sign in again.
signed-out-elsewhere = You were signed out in another tab of this browser. Please sign in again.

## Request errors
error-unknown = Unknown error
# $status: the HTTP status code
status-text = { $status ->
        [400] The request was rejected as invalid
        [401] You are not signed in, or your session has expired
        [403] You are not allowed to see this
        [404] Not found
        [406] The server cannot answer in the requested format
        [415] The server does not accept this request format
        [422] The server could not accept these values
        [429] Too many requests; please wait a moment
        [500] The server failed to answer
        [502] The server is unavailable right now
        [503] The server is unavailable right now
        [504] The server is unavailable right now
       *[other] The request failed
    } (HTTP { $status }).
error-unreadable-answer = The server's answer could not be read: { $reason }
error-unreachable = The server could not be reached ({ $reason }). Check your connection and retry.
error-cancelled = The request was cancelled.
error-http-status = HTTP { $status }
retry = Retry
# The answer shown is the previous one (its view failed to load); $view: what it answered
previous-results = Showing the previous results, not those of the current view, which could not be loaded.
previous-results-for = Showing the results for { $view }, not those of the current view, which could not be loaded.
# A list's view, in words: "no filter", or its filters, and its page
view-no-filter = all records (no filter)
view-page = page { $page }
loading-page = Loading the page…
page-load-failed = This page could not be loaded. Check your connection and try again.
new-version-loading = A new version of the portal is available. Loading it…
new-version-offered = A new version of the portal is available, and this page needs it. Reload now? What you typed here is kept.
new-version-reload = Reload now
new-version-stranded = The portal was updated, but its new version could not be loaded. Try again in a few minutes; if it persists, contact support.
reason-no-requests = the browser cannot make requests
reason-timeout = no answer within { $seconds } seconds
# $status, $reason
reason-broke-off = the answer (HTTP { $status }) broke off: { $reason }
reason-not-utf8 = the answer is not UTF-8 text
reason-unusable-token = the server's token cannot be used: { $reason }
file-not-made = the file could not be made
file-no-document = no document
file-no-link = no link element

## Filter and list-URL errors
filter-unknown-field = “{ $name }” cannot be filtered on
# $field, $operator
filter-operator-not-allowed = “{ $field }” cannot be filtered with “{ $operator }”
filter-no-operator = (none)
filter-empty-value = Enter a value for “{ $field }”
# $field, $value
filter-not-a-number = “{ $value }” is not a number; “{ $field }” needs a number such as 12.5
filter-one-value-only = “{ $field }” takes one value here; put a value with a comma in double quotes
# $field, $value
filter-not-an-id = “{ $value }” is not an identifier; “{ $field }” needs one such as 0b9f7a8e-5d2c-11ef-9a4e-0242ac120003
# $field, $value
filter-not-a-boolean = “{ $field }” is true or false, not “{ $value }”
# $field, $value
filter-not-a-time = “{ $value }” is not a time; “{ $field }” needs one such as 2026-07-18 10:00:00
# $field, $value
filter-not-an-ip = “{ $value }” is not an IP address; “{ $field }” needs one such as 10.0.0.1
# $field, $value, $words
filter-not-one-of = “{ $field }” is one of { $words }, not “{ $value }”
page-number-invalid = “{ $value }” is not a page number (1 or more)
# $value, $max
page-size-invalid = “{ $value }” is not a page size (1 to { $max })

## Resource types
cdrs = Outgoing calls
    .loading-list = Loading calls…
    .loading-one = Loading the call…
    .none-match = No calls match this view.
    .missing-title = No such call
    .missing = There is no call with the identifier “{ $id }” in your records.
    .heading = Call of { $start }
incoming-cdrs = Incoming calls
    .loading-list = Loading incoming calls…
    .loading-one = Loading the call…
    .none-match = No incoming calls match this view.
    .missing-title = No such call
    .missing = There is no incoming call with the identifier “{ $id }” in your records.
    .heading = Incoming call of { $start }
accounts = Accounts
    .loading-list = Loading Accounts…
    .loading-one = Loading account…
    .none-match = No accounts match this view.
    .missing-title = No such account
    .missing = There is no account with the identifier “{ $id }”, or it is not yours.
    .heading = { $name }
services = Services
    .loading-list = Loading Services…
    .loading-one = Loading service…
    .none-match = No services match this view.
    .missing-title = No such service
    .missing = There is no service with the identifier “{ $id }”, or it is not yours.
    .heading = { $name }
rateplans = Rate plans
    .loading-list = Loading Rate plans…
    .loading-one = Loading rate plan…
    .none-match = No rate plans match this view.
    .missing-title = No such rate plan
    .missing = There is no rate plan with the identifier “{ $id }”, or it is not yours.
    .heading = Rate plan { $name }
rates = Rates
    .loading-list = Loading Rates…
    .loading-one = Loading rate…
    .none-match = No rates match this view.
    .missing-title = No such rate
    .missing = There is no rate with the identifier “{ $id }”, or it is not yours.
    .heading = Rate for prefix { $prefix }
cdr-exports = CDR exports
    .loading-list = Loading CDR exports…
    .loading-one = Loading CDR export…
    .none-match = No cdr exports match this view.
    .missing-title = No such CDR export
    .missing = There is no CDR export with the identifier “{ $id }”, or it is not yours.
    .heading = CDR export of { $created }
network-types = Network types
    .loading-list = Loading Network types…
    .loading-one = Loading network type…
    .none-match = No network types match this view.
    .missing-title = No such network type
    .missing = There is no network type with the identifier “{ $id }”, or it is not yours.
    .heading = { $name }
network-prefixes = Network prefixes
    .loading-list = Loading Network prefixes…
    .loading-one = Loading network prefix…
    .none-match = No network prefixes match this view.
    .missing-title = No such network prefix
    .missing = There is no network prefix with the identifier “{ $id }”, or it is not yours.
    .heading = Prefix { $prefix }
networks = Networks
    .loading-list = Loading Networks…
    .loading-one = Loading network…
    .none-match = No networks match this view.
    .missing-title = No such network
    .missing = There is no network with the identifier “{ $id }”, or it is not yours.
    .heading = { $name }
countries = Countries
    .loading-list = Loading Countries…
    .loading-one = Loading country…
    .none-match = No countries match this view.
    .missing-title = No such country
    .missing = There is no country with the identifier “{ $id }”.
    .heading = { $name }

invoices = Invoices
    .loading-list = Loading Invoices…
    .loading-one = Loading invoice…
    .none-match = No invoices match this view.
    .missing-title = No such invoice
    .missing = There is no invoice with the identifier “{ $id }”, or it is not yours.
    .heading = Invoice { $reference }
payments = Payments
    .loading-list = Loading Payments…
    .loading-one = Loading payment…
    .none-match = No payments match this view.
    .missing-title = No such payment
    .missing = There is no payment with the identifier “{ $id }”, or it is not yours.
    .heading = Payment of { $time }
transactions = Service charges
    .loading-list = Loading Service charges…
    .loading-one = Loading service charge…
    .none-match = No service charges match this view.
    .missing-title = No such service charge
    .missing = There is no service charge with the identifier “{ $id }”, or it is not yours.
    .heading = Charge: { $description }
numberlists = Number lists
    .loading-list = Loading Number lists…
    .loading-one = Loading number list…
    .none-match = No number lists match this view.
    .missing-title = No such number list
    .missing = There is no number list with the identifier “{ $id }”, or it is not yours.
    .heading = Number list { $name }
outgoing-numberlist-items = Numbers in the list
    .loading-list = Loading the list’s numbers…
    .loading-one = Loading number…
    .none-match = No numbers in the list match this view.
    .missing-title = No such number
    .missing = There is no number with the identifier “{ $id }” in your lists.
    .heading = { $key }

nl-add-heading = Add numbers
nl-keys-label = Numbers or prefixes
nl-keys-hint = One or many at once: separate them with commas, spaces or new lines.
nl-action-label = Action
nl-action-default = The list’s default
# $name: the default action
nl-action-default-named = The list’s default ({ $name })
nl-add = Add
nl-adding = Adding…
nl-added = { $count ->
        [one] 1 number added.
       *[other] { $count } numbers added.
    }
nl-repeated = { $count ->
        [one] 1 number was pasted twice and sent once.
       *[other] { $count } numbers were pasted more than once and sent once.
    }
nl-search-label = Find numbers containing
nl-search = Find
nl-actions = Changes
nl-action-of = Action for { $key }
nl-delete = Delete
nl-delete-of = Delete { $key }
nl-confirm-delete = Delete { $key } from the list?
nl-cancel = Cancel
nl-deleted = { $key } deleted.
nl-undo = Undo
nl-restored = { $key } is back in the list.
nl-saving = Saving…
nl-not-saved = Not saved, the list is as it was: { $reason }
nl-changed-elsewhere = This list was changed elsewhere (in another tab or by someone else) since you opened it: it now shows what the server has.
nl-batch-empty = Type at least one number.
# $key, $character
nl-batch-bad-character = “{ $key }” has the character “{ $character }”, which a number cannot have.
# $key, $longest
nl-batch-too-long = “{ $key }” is longer than { $longest } characters.
# $count, $most
nl-batch-too-many = { $count } numbers at once is too many: at most { $most }.

## Money
# $hours, $minutes
hours-minutes = { $hours } h { $minutes } min
download-pdf = Download PDF
no-file = The server has no file for this record.
invoice-breakdown = What the invoice is made of
invoice-part = Part
invoice-originated = Calls you made
invoice-terminated = Calls you received
invoice-services = Services
invoice-total = Total
amount = Amount
calls = Calls
call-time = Call time
billed-time = Billed time
first-call = First call
last-call = Last call
service-charges = { $count ->
        [one] 1 charge
       *[other] { $count } charges
    }
latest = Latest: { $title }
# $title: the list’s name, in lower case
see-all = All { $title }
open-phone-system = Open the phone system
opening-phone-system = Opening the phone system…
phone-system-opened = The phone system opened in a new tab.
phone-system-blocked = Your browser kept the new tab from opening. Open it here:
top-up = Top up
top-up-hint = You pay in cryptocurrency on the payment provider's page. The balance rises once the payment completes; this page follows it.
top-up-amount = Amount
# $currency: the account’s currency
top-up-amount-in = Amount ({ $currency })
top-up-notes = Notes (optional)
top-up-submit = Continue to payment
top-up-submitting = Creating the payment…
top-up-leaving = Taking you to the payment page…
top-up-no-provider-page = The payment was created, but the payment page address the server gave is not a web address, so the portal does not follow it. The payment is in your payments list.
amount-too-small = The amount must be at least 0.01.
amount-unreadable = “{ $value }” is not an amount.
your-top-ups = Your top-ups
top-up-waiting = { $amount }: waiting for the payment…
top-up-paid = { $amount }: paid.
top-up-canceled = { $amount }: canceled.
top-up-continue = Continue paying
balance = Balance
capacity = Capacity
# $min, $max
balance-range = Minimum { $min }, maximum { $max }
# $name, $balance, $min
balance-below-minimum = { $name }: the balance { $balance } is at or below its minimum { $min }. Calls may be refused until it is topped up.
# $name, $balance, $min
balance-near-minimum = { $name }: the balance { $balance } is close to its minimum { $min }.
accounts-below-minimum = { $count ->
        [one] 1 account is at or below its minimum: calls may be refused until it is topped up.
       *[other] { $count } accounts are at or below their minimum: calls may be refused until they are topped up.
    }
accounts-near-minimum = { $count ->
        [one] 1 account is close to its minimum.
       *[other] { $count } accounts are close to their minimum.
    }
balances-to-watch = Balances to watch
lowest-balances = Lowest balances:
show-low-balances = All of them in the accounts list, lowest balance first
# The credit ahead of an account the overview names: when its balance reaches its minimum.
# $name: the account's
credit-ahead-of = Credit ahead of { $name }
# $spend: an amount with its currency
credit-at-day-spend = At the last 24 hours' spend ({ $spend }):
# $spend: an amount with its currency
credit-at-week-spend = At the last 7 days' spend ({ $spend }):
credit-minimum-in-hours = { $count ->
        [one] the minimum in about 1 hour
       *[other] the minimum in about { $count } hours
    }
credit-minimum-in-days = { $count ->
        [one] the minimum in about 1 day
       *[other] the minimum in about { $count } days
    }
credit-minimum-within-hour = the minimum within the hour
credit-minimum-not-reached = the minimum is not reached
today = Today

check-rate = Check a rate
check-rate-hint = Choose a rate plan and type a number: the rates that match it are listed, the one with the longest prefix first (it is the one that applies). Give a call duration to see what such a call costs.
choose-rateplan = Choose a rate plan
all-rateplans = All rate plans
number = Number
call-duration = Call duration (seconds, or m:ss)
check-rate-submit = Look up
check-rate-checking = Looking up…
rateplan-missing = Choose a rate plan.
rateplan-not-uuid = This is not the identifier of a rate plan.
rateplan-unknown = This rate plan is not one of yours.
number-missing = Type a number.
number-not-digits = A number has digits only (spaces, dashes, brackets and a leading + are dropped).
number-too-long = A number has at most { $max } digits.
duration-invalid = A duration is whole seconds (90) or minutes and seconds (1:30), at most a day.
rates-for-number = Rates for { $number }
no-matching-rate = No rate of this plan matches this number.
rate-applies = Applies
cost-of-call = What a { $seconds }-second call costs
cost-connect-fee = Connect fee
# $seconds, $rate
cost-initial = First { $seconds } s at { $rate } per minute
# $count, $seconds, $rate
cost-next = { $count } × { $seconds } s at { $rate } per minute
cost-total = Total
cost-unanswered = An unanswered attempt (0 s) pays only the attempt fee.
rates-per-minute = Rates are per minute; intervals in seconds.
routing-tags = Routing tags
download-rate-deck = Download the rate deck (CSV)

## Column headings and attribute names

## Calls
window-default = The server shows the last { $hours } hours unless you choose a time window.
# $from, $to
window-between = Calls from { $from } to { $to }.
window-since = Calls since { $from }.
window-change = Time window
window-last-24-hours = Last 24 hours
recording = Recording
play-recording = Play the recording
loading-recording = Loading the recording…
no-recording = There is no recording of this call.
download-recording = Download the recording
export-these-calls = Export these calls
new-cdr-export = New CDR export
create-export = Create the export
creating-export = Creating the export…
export-form-hint = The server prepares the file; its page shows when it is ready to download.
any-outcome = Any outcome
successful-only = Successful calls only
failed-only = Failed calls only
duration-at-least = Duration at least (s)
duration-at-most = Duration at most (s)
duration-exactly = Duration exactly (s)
time-zone-of-times = Time zone of the times in the file
not-a-whole-number = “{ $value }” is not a whole number of seconds.
# A declared creation form's button, and while it is sent.
create-record = Create
creating-record = Creating…
# A required input of a declared form left empty.
input-missing = Fill this in.
# An input that must be a number: what was typed.
input-not-a-number = “{ $value }” is not a number.
# An input that must be one of the offered words: what was typed.
input-not-a-choice = “{ $value }” is not one of the choices.

## Values and records
yes = Yes
no = No
copy = Copy
copy-identifier = Copy the full identifier
identifier = Identifier

## Table and pager
# $column: the column’s name, in lower case
sort-by = Sort by { $column }
pages-label = Pages
page-first = « First
page-prev = ‹ Previous
page-next = Next ›
page-last = Last »
# $first, $last, $total
pager-rows = { $first }–{ $last } of { $total }
pager-no-rows = 0 of { $total }
# $page, $count
pager-page = Page { $page } of { $count }
rows-per-page = Rows per page

## Filter bar
filters-label = Filters
add-filter = + Add filter
clear-filters = Clear filters
filter-field = Field
filter-operator = Operator
filter-value = Value
filter-remove = Remove this filter
placeholder-value = value
placeholder-values = values, separated by commas
op-is = is
op-eq = equals
op-not-eq = does not equal
op-cont = contains
op-start = starts with
op-end = ends with
op-in = is one of
op-not-in = is none of
op-cont-any = contains any of
op-gt = >
op-gteq = ≥
op-lt = <
op-lteq = ≤

## List page
columns = Columns
export-csv = Export CSV
export-cancel = Cancel
# $page, $count
export-progress = Exporting page { $page } of { $count }
export-done = Exported { $rows } rows.
export-failed = Export failed: { $reason }
export-cancelled = Export cancelled.

## A month's statement [with its page]
statement-intro = One zip file for a month: its invoices (PDF and CSV), payments and service charges (CSV), each account's statistics by day (CSV) and a summary. What your access does not include is left out.
statement-month = Month
statement-make = Download the statement
statement-cancel = Cancel
# $done, $total: counts of parts
statement-progress = { $done } of { $total } parts
statement-parts = Parts of the file
statement-part-waiting = waiting
statement-part-fetching = fetching…
statement-part-done = done
# $reason: the server's words
statement-part-failed = failed: { $reason }
statement-part-withheld = not in your access
# $file: the file's name
statement-saved = Saved { $file }.
# $file: the file's name; $parts: the names of the parts
statement-saved-without = Saved { $file } without what failed: { $parts }. The summary inside names them too.
# $reason: why the browser got no file
statement-not-saved = The statement was not saved: { $reason }
statement-cancelled = Cancelled: nothing was saved.
# $month: YYYY-MM
statement-month-ahead = { $month } has not begun: choose this month or an earlier one.
statement-not-a-month = Choose a month (YYYY-MM).
# The summary inside the file. $month: YYYY-MM
statement-summary-title = Statement for { $month }
# $time: when it was made
statement-summary-made = Made { $time }.
statement-summary-running = The month is still running: its figures go up to when the statement was made.
# $amount: an amount with its currency
statement-summary-balance-now = Balance now: { $amount }
# $count; $amount: an amount with its currency
statement-summary-invoices = Invoices: { $count }, amount spent { $amount }
# $count; $amount
statement-summary-payments = Completed payments: { $count }, { $amount }
# $count; $amount
statement-summary-charges = Service charges: { $count }, { $amount }
# $amount: the calls' price, from the statistics
statement-summary-originated = Originated calls cost { $amount }
# $amount: the calls' price, from the statistics
statement-summary-terminated = Terminated calls: { $amount }
# $time: when; $amount: the balance
statement-summary-before-payment = Balance before the month's first payment ({ $time }): { $amount }
statement-summary-failed = Parts that failed:
statement-summary-withheld = Left out, not in your access:

## Alerts: watch rules on the accounts [with its page]
watch-intro = Rules on your accounts, checked while the portal is open: every minute, every five while hidden. Each alerts once, and again after it clears.
watch-condition = Condition
watch-limit = Limit
watch-add = Add the rule
watch-rules = Your rules
watch-none = No rules yet.
watch-remove = Remove
watch-check-now = Check now
watch-checking = Checking…
# $time: when
watch-checked = Last checked { $time }.
# $reason: the server's words
watch-check-failed = The last check failed: { $reason }
watch-quiet = quiet
# $time: since when; $seen: what was seen
watch-firing = alert since { $time }: now { $seen }
watch-kind-balance-below = Balance below
watch-kind-credit-ahead-below = Minimum reached within (hours)
watch-kind-spend-above = Spend in the last hour above
watch-kind-asr-below = ASR of the last hour below (%)
# $account, $kind, $limit: the account's name, the kind of rule, the limit
watch-rule = { $account }: { $kind ->
        [balance-below] balance below { $limit }
        [credit-ahead-below] minimum within { $limit } hours
        [spend-above] spend in the last hour above { $limit }
       *[asr-below] ASR of the last hour below { $limit } %
    }
watch-limit-missing = Enter a limit.
watch-limit-not-a-number = Enter a number, like 10.50.
# $most: hours
watch-limit-hours-out-of-range = Enter whole hours from 1 to { $most }.
watch-limit-negative = Enter zero or more.
watch-limit-over-a-hundred = Enter a percentage up to 100.
# $count: the most rules
watch-too-many = At most { $count } rules: remove one first.
watch-withheld = Rules on figures your access does not show (prices, ASR) are not offered.
watch-notify = Also notify me in the browser
watch-notify-on = Browser notifications are on.
watch-notify-blocked = Browser notifications are blocked in this browser's settings.
watch-see-rules = See the rules

## Detail page
still-in-progress = Still in progress: this page updates by itself.
download-csv = Download CSV
downloading = Downloading…
downloaded = Downloaded.
loading-related = Loading related records…
related-none = None.
related-count = { $count } records

## Charts
chart-failed = The chart could not be drawn: { $reason }
chart-canvas-unusable = the canvas cannot be drawn on
chart-no-data = no data
# $title, $unit, $samples
chart-summary = { $title } ({ $unit }), { $samples } samples. Hover for exact values; drag to zoom.
chart-reset-zoom = Reset zoom
chart-png = PNG
chart-csv = CSV
chart-zoom-in = Zoom in
chart-zoom-out = Zoom out
# $from, $to
chart-zoom-state = Showing { $from } to { $to }
# $zone
chart-time-axis = Time ({ $zone })
chart-values-caption = Lowest, highest and average values ({ $unit })
chart-series = Series
chart-minimum = Minimum
chart-maximum = Maximum
chart-average = Average

## Units
unit-calls = calls
unit-calls-per-second = calls/s
unit-minutes = min
unit-seconds = s

## Overview
overview-title = Overview
account = Account
no-accounts = No accounts are visible to you.
loading-accounts = Loading accounts…
loading-the-account = Loading the account…
statistics-link = Statistics
loading-todays-figures = Loading today's figures…
active-calls-now = Active calls now
calls-today = Calls today
asr-today = ASR today
acd-today = ACD today
spend-today = Spend today
earned-today = Earned today
loading-cps-chart = Loading the CPS chart…
no-calls-last-hour = No calls in the last hour.
cps-last-hour = Originated CPS, last hour
overview-originated = Originated
overview-terminated = Terminated
live-calls-link = Live calls

## Statistics pages
stats-origination = Origination statistics
stats-quality = Quality statistics
stats-active-calls = Active calls
stats-originated-cps = Originated calls per second
stats-termination = Termination statistics
stats-termination-quality = Termination quality statistics
stats-termination-active-calls = Termination active calls
chart-calls = Calls
series-total = Total
series-successful = Successful
series-failed = Failed
total-calls = Total calls
successful-calls = Successful calls
failed-calls = Failed calls
total-duration = Total duration
total-price = Total price
acd = ACD
acd-long = ACD (average call duration)
asr = ASR
asr-long = ASR (answer-seizure ratio)
cps = CPS
calls-per-second = Calls per second
concurrent-calls = Concurrent calls
active-calls = Active calls
value = Value
samples = { $count } samples
fix-the-form = Fix the form above to see statistics.
no-calls-in-range = No calls in this range.
# A statistics page whose every metric the access profile withholds.
statistics-nothing-shown = Your provider shows no statistics on this page for your account.
loading-statistics = Loading statistics…
points-per-series = About { $points } points per series.
working-for-seconds = Working for { $seconds } s.

## Statistics form
choose-an-account = Choose an account
time-range = Time range
custom-range = Custom range
range-last-hour = Last hour
range-today = Today
range-yesterday = Yesterday
range-last-7-days = Last 7 days
range-this-month = This month
range-last-month = Last month
from = From
to = To
sampling = Sampling
sampling-minute = minute
sampling-5-minutes = 5minutes
sampling-15-minutes = 15minutes
sampling-hour = hour
sampling-day = day
sampling-week = week
sampling-month = month
show = Show
more-filters = More filters
more-filters-set = More filters ({ $count } set)
any = Any
src-country = Source country
dst-country = Destination country
src-prefix-eq = Source prefix equals
src-prefix-starts-with = Source prefix starts with
src-prefix-ends-with = Source prefix ends with
src-prefix-contains = Source prefix contains
dst-prefix-eq = Destination prefix equals
dst-prefix-starts-with = Destination prefix starts with
dst-prefix-ends-with = Destination prefix ends with
dst-prefix-contains = Destination prefix contains
duration-eq = Duration equals (s)
duration-gt = Duration over (s)
duration-lt = Duration under (s)
orig-ip = Originating IP
price-eq = Price equals
price-gt = Price over
price-lt = Price under
parameter = Parameter
enter-start-time = Enter a start time.
end-time-unreadable = This end time cannot be read.
end-after-start = The end must be after the start.
choose-account-error = Choose an account.
choose-sampling = Choose a sampling.
not-a-duration = “{ $value }” is not a duration in whole seconds.
not-a-price = “{ $value }” is not a price such as 0.015.
not-an-ip = “{ $value }” is not an IP address such as 192.0.2.10.
country-unreadable = This country cannot be read.
vendor-price-eq = Vendor price equals
vendor-price-gt = Vendor price over
vendor-price-lt = Vendor price under
countries-failed = The list of countries could not be loaded.
loading-countries = Loading countries…
live-calls-title = Live calls
live-calls-times-utc = The switch sends times without a zone; they are taken as UTC and shown in your display zone.
live-calls-count = { $count } calls in progress
live-calls-none = No calls in progress.
live-calls-loading = Loading live calls…
live-calls-paused = Paused while this tab is hidden.
live-calls-refreshing = Refreshed every { $seconds } s while this tab is visible.
live-calls-updated = Updated at { $time }.
live-calls-new = new
live-calls-new-count = { $count } new since the last refresh
# The live calls' running cost and the account's calls against its capacity; the count of
# calls without a rate follows the first.
live-cost-without-rate = Calls without a rate, not counted:
live-capacity-near-limit = Near the limit
answered-filter = Answered
answered-any = All calls
answered-yes = Answered
answered-not-yet = Not yet answered
column-started = Started
column-duration-so-far = Duration so far
column-state = State
column-from = From
column-to = To
column-destination = Destination prefix
column-rate = Rate
column-origin = Origin
state-ringing = Ringing
state-talking = Talking
live-src-name = Caller name
live-src-number = Source number
live-dst-number = Destination number
live-src-routing = Source (routing)
live-dst-routing = Destination (routing)
match-eq = equals
match-starts-with = starts with
match-ends-with = ends with
match-contains = contains
match-kind = how it matches
orig-port = Originating port
orig-transport = Transport protocol id
not-a-port = “{ $value }” is not a port number (0 to 65535).
not-a-transport = “{ $value }” is not a whole number.
not-true-or-false = “{ $value }” is neither true nor false.

## Page not found
not-found-title = Page not found
not-found-text = There is no page at { $path }.
go-to-overview = Go to the overview

## Field labels: an API field or relationship name as a label
field-id = ID
field-name = Name
field-balance = Balance
field-min-balance = Min balance
field-max-balance = Max balance
field-destination-rate-limit = Destination rate limit
field-origination-capacity = Origination capacity
field-termination-capacity = Termination capacity
field-total-capacity = Total capacity
field-currency = Currency
field-prefix = Prefix
field-number-min-length = Min number length
field-dst-number-min-length = Min number length
field-number-max-length = Max number length
field-dst-number-max-length = Max number length
field-network = Network
field-state = State
field-initial-price = Initial price
field-renew-price = Renew price
field-created-at = Created
field-renew-at = Renews
field-renew-period = Renew period
field-service-type = Service type
field-ui-type = UI type
field-status = Status
field-rows-count = Rows
field-filters = Filters
field-time-format = Time format
field-time-zone-name = Time zone
field-updated-at = Updated
field-enabled = Enabled
field-reject-calls = Rejects calls
field-initial-rate = Initial rate
field-initial-interval = Initial interval (s)
field-next-rate = Next rate
field-next-interval = Next interval (s)
field-connect-fee = Connect fee
field-attempt-fee = Attempt fee
field-valid-from = Valid from
field-valid-till = Valid till
field-network-prefix-id = Network prefix id
field-balance-low-threshold = Balance low threshold
field-balance-high-threshold = Balance high threshold
field-max-call-duration = Max call duration
field-external-id = External ID
field-uuid = UUID
field-network-type = Network type
field-account = Account
field-transactions = Transactions
field-account-id = Account
field-rateplan-id = Rate plan
field-iso2 = ISO code
field-time-start = Start time
field-time-connect = Connected
field-time-end = Ended
field-duration = Duration (s)
field-success = Successful
field-src-prefix-in = Source number
field-dst-prefix-in = Destination number
field-src-prefix-out = Source number
field-dst-prefix-out = Destination number
field-customer-price = Price
field-vendor-price = Vendor price
field-lega-disconnect-code = Disconnect code
field-legb-disconnect-code = Disconnect code
field-lega-disconnect-reason = Disconnect reason
field-legb-disconnect-reason = Disconnect reason
field-customer-duration = Billed duration (s)
field-vendor-duration = Billed duration (s)
field-destination-prefix = Rate prefix
field-dialpeer-prefix = Rate prefix
field-destination-initial-rate = Initial rate
field-dialpeer-initial-rate = Initial rate
field-destination-initial-interval = Initial interval (s)
field-dialpeer-initial-interval = Initial interval (s)
field-destination-next-rate = Next rate
field-dialpeer-next-rate = Next rate
field-destination-next-interval = Next interval (s)
field-dialpeer-next-interval = Next interval (s)
field-destination-fee = Connect fee
field-dialpeer-fee = Connect fee
field-src-name-in = Caller name
field-src-name-out = Caller name
field-src-prefix-routing = Source number (routing)
field-dst-prefix-routing = Destination number (routing)
field-diversion-in = Diversion
field-diversion-out = Diversion
field-from-domain = From domain
field-to-domain = To domain
field-ruri-domain = R-URI domain
field-orig-call-id = Call-ID
field-term-call-id = Call-ID
field-local-tag = Local tag
field-lega-user-agent = User agent
field-legb-user-agent = User agent
field-auth-orig-transport-protocol-id = Transport
field-sign-term-transport-protocol-id = Transport
field-auth-orig-ip = Source IP
field-auth-orig-port = Source port
field-sign-term-ip = Signalling IP
field-sign-term-port = Signalling port
field-rec = Recording
field-customer-price-no-vat = Price without VAT
field-customer-acc-vat = VAT (%)
field-destination-reverse-billing = Reverse billing
field-dialpeer-reverse-billing = Reverse billing
field-pai-in = P-Asserted-Identity
field-ppi-in = P-Preferred-Identity
field-privacy-in = Privacy header
field-rpid-in = Remote-Party-ID
field-rpid-privacy-in = RPID privacy
field-reference = Reference
field-start-date = Period start
field-end-date = Period end
field-amount-spent = Amount
field-has-pdf = PDF
field-services-amount-spent = Services
field-service-transactions-count = Service charges
field-originated-amount-spent = Calls made: amount
field-originated-calls-count = Calls made
field-originated-successful-calls-count = Calls made: successful
field-originated-calls-duration = Calls made: call time
field-originated-billing-duration = Calls made: billed time
field-originated-first-call-at = Calls made: first
field-originated-last-call-at = Calls made: last
field-terminated-amount-spent = Calls received: amount
field-terminated-calls-count = Calls received
field-terminated-successful-calls-count = Calls received: successful
field-terminated-calls-duration = Calls received: call time
field-terminated-billing-duration = Calls received: billed time
field-terminated-first-call-at = Calls received: first
field-terminated-last-call-at = Calls received: last
field-amount = Amount
field-type-name = Type
field-balance-before-payment = Balance before
field-notes = Notes
field-rolledback-at = Rolled back
field-description = Description
field-service = Service
field-service-id = Service
field-mode-id = Matching
field-default-action-id = Default action
field-key = Number
field-action-id = Action
field-numberlist-id = Number list
field-outgoing-numberlist = Number list

## Known words of attributes: choice-<attribute>-<word>, or choice-<word> for any attribute
choice-time-format-with_timezone = With time zone
choice-time-format-without_timezone = Without time zone
choice-time-format-round_to_seconds = Rounded to seconds
choice-Pending = Pending
choice-Completed = Completed
choice-Failed = Failed
choice-Deleted = Deleted
choice-Active = Active
choice-status-completed = Completed
choice-status-pending = Pending
choice-status-canceled = Canceled
choice-type-name-manual = Manual
choice-type-name-cryptomus = Crypto (Cryptomus)
choice-Suspended = Suspended
choice-renew-period-Day = Daily
choice-renew-period-Month = Monthly
choice-renew-period-Disabled = Does not renew
choice-mode-id-strict = Strict number match
choice-mode-id-prefix = Prefix match
choice-mode-id-random = Random
choice-reject = Reject call
choice-allow = Allow call

## The groups of a detail page
group-timing = Timing
group-billing = Billing
group-signalling = Signalling
group-outcome = Outcome
