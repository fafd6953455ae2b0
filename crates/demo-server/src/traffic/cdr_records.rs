//! CDRs as records: every call of the history is one, made on demand and never stored.
//!
//! Outgoing CDRs (`cdrs`) are the calls the customer's accounts originated; incoming ones
//! (`incoming-cdrs`) the calls terminated to them, the customer acting as a vendor. A CDR's id
//! says what regenerates it — the minute, the account, which call of that minute, the
//! direction — so `GET /cdrs/:id` makes one minute of one account, not a day.
//!
//! Every value a CDR shows comes from the call through the same functions an export's CSV
//! uses ([`crate::traffic::cdrs`]), so a list and an export of the same calls agree.

use crate::model::customers::CustomerId;
use crate::model::data_set::DataSet;
use crate::model::records::{AccountRecord, RateRecord};
use crate::seeded::random::mix;
use crate::traffic::calls::{Call, CallHistory, Direction};
use crate::traffic::cdrs::{
    CallTimes, billed_seconds, call_rate, call_times, disconnect, dst_number, orig_ip, src_number,
};

/// Ids count minutes from 2020-01-01T00:00:00Z, so they stay the same across restarts (the
/// history is a function of the seed and the minute) and stay well below 2^53 (JavaScript
/// reads them exactly).
const ID_EPOCH_MINUTE: i64 = 1_577_836_800 / 60;
/// Room for this many accounts in an id; CDRs of accounts beyond it are not served.
const ACCOUNT_SLOTS: u64 = 4096;
/// Room for this many calls of an account in a minute: more than the busiest data file can
/// make (1000 calls a minute at its peak, times the history's noise).
const CALL_SLOTS: u64 = 2048;

/// What a CDR's id encodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CdrKey {
    pub direction: Direction,
    pub account: usize,
    /// Unix minute the call started in.
    pub minute: i64,
    pub index_in_minute: u64,
}

impl CdrKey {
    /// The integer id: `((minute · accounts + account) · calls + index) · 2 + direction`; `None`
    /// for a call the id cannot hold (before 2020, too many accounts or calls).
    pub fn id(&self) -> Option<u64> {
        let minute = u64::try_from(self.minute.checked_sub(ID_EPOCH_MINUTE)?).ok()?;
        let account = u64::try_from(self.account)
            .ok()
            .filter(|a| *a < ACCOUNT_SLOTS)?;
        let index = Some(self.index_in_minute).filter(|i| *i < CALL_SLOTS)?;
        let direction = match self.direction {
            Direction::Originated => 0,
            Direction::Terminated => 1,
        };
        minute
            .checked_mul(ACCOUNT_SLOTS)?
            .checked_add(account)?
            .checked_mul(CALL_SLOTS)?
            .checked_add(index)?
            .checked_mul(2)?
            .checked_add(direction)
    }

    /// The key of an id as the API sends it; `None` for text that is no such id.
    pub fn parse(id: &str) -> Option<CdrKey> {
        let id: u64 = id.trim().parse().ok()?;
        let direction = if id.is_multiple_of(2) {
            Direction::Originated
        } else {
            Direction::Terminated
        };
        let rest = id / 2;
        let index_in_minute = rest % CALL_SLOTS;
        let rest = rest / CALL_SLOTS;
        let account = usize::try_from(rest % ACCOUNT_SLOTS).ok()?;
        let minute = i64::try_from(rest / ACCOUNT_SLOTS)
            .ok()?
            .checked_add(ID_EPOCH_MINUTE)?;
        Some(CdrKey {
            direction,
            account,
            minute,
            index_in_minute,
        })
    }
}

/// An id's decimal digits, kept inline: a CDR list makes hundreds of thousands of records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct IdText {
    digits: [u8; 20],
    len: u8,
}

impl IdText {
    fn new(id: u64) -> IdText {
        let mut digits = [0u8; 20];
        let mut len = 0;
        let mut rest = id;
        loop {
            digits[len] = b'0' + (rest % 10) as u8;
            len += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        digits[..len].reverse();
        IdText {
            digits,
            len: len as u8,
        }
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.digits[..usize::from(self.len)]).unwrap_or("")
    }
}

/// One CDR: a call, where it belongs, and its id. Everything else is computed from the call
/// when asked for, so that filtering a day of CDRs computes only the fields filtered by.
#[derive(Debug, Clone, Copy)]
pub struct CdrCall {
    pub id: u64,
    id_text: IdText,
    pub direction: Direction,
    pub account: usize,
    pub customer: CustomerId,
    pub call: Call,
}

/// The domain the switch answers SIP under: the `To` and request-URI domain of every call.
pub const SWITCH_DOMAIN: &str = "sip.demo-switch.example";
/// The SIP port of every call, both legs.
pub const SIP_PORT: u16 = 5060;
/// Transport ids (`auth-orig-transport-protocol-id`): mostly UDP, some TCP, TLS and WS.
const TRANSPORTS: [i64; 10] = [1, 1, 1, 1, 1, 1, 2, 2, 3, 5];
const USER_AGENTS: [&str; 5] = [
    "Asterisk PBX 20.5.2",
    "FreeSWITCH-mod_sofia/1.10.11",
    "Yeti-SBC 1.12",
    "Grandstream UCM6302 1.0.27.10",
    "Linphone/5.2.5 (belle-sip/5.2.4)",
];
const CALLER_NAMES: [&str; 4] = ["Reception", "Sales", "Support", "Olena K."];
/// One answered call in this many has a recording.
const RECORDED_ONE_IN: u64 = 5;

impl CdrCall {
    fn new(key: CdrKey, customer: CustomerId, call: Call) -> Option<CdrCall> {
        let id = key.id()?;
        Some(CdrCall {
            id,
            id_text: IdText::new(id),
            direction: key.direction,
            account: key.account,
            customer,
            call,
        })
    }

    pub fn id_str(&self) -> &str {
        self.id_text.as_str()
    }

    /// Random bits for one detail of the call, independent of the other details'.
    fn bits(&self, salt: u64) -> u64 {
        mix(self.call.key ^ salt)
    }

    pub fn times(&self) -> CallTimes {
        call_times(&self.call)
    }

    pub fn disconnect(&self) -> (u16, &'static str) {
        disconnect(&self.call)
    }

    pub fn account_record<'d>(&self, data: &'d DataSet) -> Option<&'d AccountRecord> {
        data.accounts.get(self.account)
    }

    pub fn rate<'d>(&self, data: &'d DataSet) -> Option<&'d RateRecord> {
        call_rate(data, &self.call)
    }

    pub fn src_number(&self, data: &DataSet) -> Option<String> {
        self.account_record(data)
            .map(|account| src_number(account, &self.call))
    }

    pub fn dst_number(&self, data: &DataSet) -> String {
        dst_number(data, &self.call)
    }

    pub fn billed_seconds(&self, data: &DataSet) -> i64 {
        billed_seconds(data, &self.call)
    }

    /// The account's address the call came from (outgoing) or went to (incoming).
    pub fn ip<'d>(&self, data: &'d DataSet) -> Option<&'d str> {
        self.account_record(data)
            .map(|account| orig_ip(account, &self.call))
    }

    pub fn transport(&self) -> i64 {
        TRANSPORTS[(self.bits(0x7a) % TRANSPORTS.len() as u64) as usize]
    }

    pub fn user_agent(&self) -> &'static str {
        USER_AGENTS[(self.bits(0x0a6e) % USER_AGENTS.len() as u64) as usize]
    }

    /// The caller's display name, which one call in four sends.
    pub fn caller_name(&self) -> Option<&'static str> {
        let bits = self.bits(0x0a3e);
        bits.is_multiple_of(4)
            .then(|| CALLER_NAMES[((bits >> 8) % CALLER_NAMES.len() as u64) as usize])
    }

    /// The number a forwarded call was diverted from: one call in twenty.
    pub fn diversion(&self, data: &DataSet) -> Option<String> {
        let bits = self.bits(0xd1e5);
        if !bits.is_multiple_of(20) {
            return None;
        }
        let account = self.account_record(data)?;
        let prefix = account.traffic.src_prefixes.first()?;
        Some(crate::seeded::numbers::source_number(prefix, bits >> 8))
    }

    /// The SIP tag of the switch's leg, which also names the recording's file.
    pub fn local_tag(&self) -> String {
        format!("{:016x}-{:08x}", self.bits(0x7a9), self.id & 0xffff_ffff)
    }

    /// The SIP Call-ID of the customer's leg (outgoing) or of the leg to it (incoming).
    pub fn call_id(&self, data: &DataSet) -> String {
        let host = self.ip(data).unwrap_or(SWITCH_DOMAIN);
        format!("{:016x}{:08x}@{host}", self.bits(0xca11), self.call.start)
    }

    /// Whether the call was recorded: one answered call in [`RECORDED_ONE_IN`].
    pub fn recorded(&self) -> bool {
        self.call.answered
            && self.call.duration > 0
            && self.bits(0x5ec).is_multiple_of(RECORDED_ONE_IN)
    }

    /// `rec`: a recording exists and the customer may listen to it.
    pub fn rec(&self, data: &DataSet) -> bool {
        self.recorded()
            && data
                .customer(self.customer)
                .is_some_and(|c| c.allow_listen_recording)
    }
}

/// Which calls to make CDRs of: a direction, accounts, and a time range.
#[derive(Debug, Clone)]
pub struct CdrRange<'a> {
    pub direction: Direction,
    /// Indexes into the data set's accounts, ascending.
    pub accounts: &'a [usize],
    /// Unix seconds, inclusive.
    pub from: i64,
    /// Unix seconds, exclusive.
    pub to: i64,
    /// No call after it exists yet.
    pub now: i64,
}

/// Calls `f` with the CDR of every call in the range, in order of id (minute, then account,
/// then the call's index in the minute).
pub fn for_each_cdr(data: &DataSet, range: &CdrRange<'_>, mut f: impl FnMut(&CdrCall)) {
    let history = CallHistory::of(data);
    let from = range.from.max(history.starts_at());
    let to = range.to.min(range.now.saturating_add(1));
    if from >= to {
        return;
    }
    let owners: Vec<Option<CustomerId>> = range
        .accounts
        .iter()
        .map(|&a| data.accounts.get(a).map(|account| account.customer))
        .collect();
    for minute in from.div_euclid(60)..=(to - 1).div_euclid(60) {
        let (start, end) = ((minute * 60).max(from), (minute * 60 + 60).min(to));
        for (&account, owner) in range.accounts.iter().zip(&owners) {
            let Some(customer) = *owner else { continue };
            history.for_each_call_of(range.direction, account, start, end, range.now, |call| {
                let key = CdrKey {
                    direction: range.direction,
                    account,
                    minute,
                    index_in_minute: call.index_in_minute,
                };
                if let Some(cdr) = CdrCall::new(key, customer, *call) {
                    f(&cdr);
                }
            });
        }
    }
}

/// The CDR with this id, if its call exists by `now`: only its minute is made again.
pub fn find_cdr(data: &DataSet, direction: Direction, id: &str, now: i64) -> Option<CdrCall> {
    let key = CdrKey::parse(id).filter(|k| k.direction == direction)?;
    let customer = data.accounts.get(key.account)?.customer;
    let mut found = None;
    let start = key.minute.checked_mul(60)?;
    CallHistory::of(data).for_each_call_of(direction, key.account, start, start + 60, now, |c| {
        if c.index_in_minute == key.index_in_minute {
            found = CdrCall::new(key, customer, *c);
        }
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (DataSet, i64) {
        let now = chrono::DateTime::from_timestamp(1_790_000_000, 0).unwrap();
        (DataSet::generate(3, now), now.timestamp())
    }

    #[test]
    fn ids_round_trip_and_name_their_direction() {
        let key = CdrKey {
            direction: Direction::Terminated,
            account: 3,
            minute: 1_790_000_000 / 60,
            index_in_minute: 17,
        };
        let id = key.id().unwrap();
        assert!(id < 1 << 53, "JavaScript reads {id} exactly");
        assert_eq!(CdrKey::parse(&id.to_string()), Some(key));
        assert_eq!(IdText::new(id).as_str(), id.to_string());
        assert_eq!(IdText::new(0).as_str(), "0");
        let too_early = CdrKey {
            minute: ID_EPOCH_MINUTE - 1,
            ..key
        };
        assert_eq!(too_early.id(), None);
        assert_eq!(CdrKey::parse("x"), None);
    }

    #[test]
    fn every_cdr_is_found_again_by_its_id_and_only_in_its_direction() {
        let (data, now) = setup();
        let accounts = [0, 1];
        let range = CdrRange {
            direction: Direction::Originated,
            accounts: &accounts,
            from: now - 3600,
            to: now,
            now,
        };
        let mut cdrs = Vec::new();
        for_each_cdr(&data, &range, |cdr| cdrs.push(*cdr));
        assert!(cdrs.len() > 100, "{}", cdrs.len());
        assert!(cdrs.windows(2).all(|w| w[0].id < w[1].id), "in order of id");
        for cdr in cdrs.iter().step_by(7) {
            let found = find_cdr(&data, Direction::Originated, cdr.id_str(), now).unwrap();
            assert_eq!(found.call, cdr.call);
            assert_eq!(found.id, cdr.id);
            assert!(find_cdr(&data, Direction::Terminated, cdr.id_str(), now).is_none());
        }
        let recorded = cdrs.iter().filter(|c| c.recorded()).count();
        let answered = cdrs.iter().filter(|c| c.call.answered).count();
        assert!(
            (answered / 8..answered / 3).contains(&recorded),
            "{recorded} of {answered}"
        );
    }
}
